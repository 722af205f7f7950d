import type { TemplateDefinitionInput } from "./definition";
import type { BookInput } from "./prepared-book";

/**
 * The analysis engine's work for a worker thread (see server/workers): templates run on a book,
 * answered with one AnalysisReport per definition. Parameters are checked in the worker, as the
 * definitions are.
 */
export type AnalysisTask = {
  op: "analyze";
  definitions: TemplateDefinitionInput[];
  book: BookInput;
  parameters: unknown;
};
