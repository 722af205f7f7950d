import { templateDefinitionSchema, type TemplateDefinitionInput, type TemplateSection } from "./definition";
import { prepareBook } from "./prepare";
import type { BookInput, PreparedBook } from "./prepared-book";
import type { Worded } from "./note-words";
import { reportNote } from "./notes";
import { chaptersInRange, type ProbeOutput } from "./probe";
import { RUNNABLE_PROBES } from "./probes";
import type { AnalysisReport, Chart, SectionResult } from "./report";
import { runParametersSchema, type RunParameters } from "./run-parameters";

/**
 * Runs a template on a book. Markdown is read as text and never rendered. Every step is linear
 * (or n·log n) in the book's length, and the server runs it in a worker whose deadline is enforced
 * from outside (server/workers), so the work itself neither yields nor watches a clock. Throws a
 * ZodError when the definition or the parameters are invalid; a book without chapters gives an
 * empty, labelled report.
 */
export async function analyzeBook(definition: TemplateDefinitionInput, book: BookInput, parameters: unknown = {}): Promise<AnalysisReport> {
  const [report] = await analyzeBookWithTemplates([definition], book, parameters);
  return report!;
}

/** Several templates on one book, which is read and tokenised once for all of them. */
export async function analyzeBookWithTemplates(definitions: TemplateDefinitionInput[], book: BookInput, parameters: unknown = {}): Promise<AnalysisReport[]> {
  const parsed = definitions.map((definition) => templateDefinitionSchema.parse(definition));
  const runParameters = runParametersSchema.parse(parameters);
  const prepared = await prepareBook(book, { names: namesFollowed(parsed, runParameters) });
  return parsed.map((definition) => runTemplate(definition, prepared, runParameters));
}

/** Every character entry the run and its templates' sections name: what the book's segmenter is taught. */
function namesFollowed(definitions: TemplateDefinitionInput[], parameters: RunParameters): string[] {
  const names = [...(parameters.characters ?? [])];
  for (const definition of definitions) {
    for (const section of definition.sections) {
      const characters = (section.params as { characters?: unknown } | undefined)?.characters;
      if (Array.isArray(characters)) names.push(...characters.filter((name): name is string => typeof name === "string"));
    }
  }
  return names;
}

/** One template on a book already prepared (see `prepareBook`), for callers timing each template. */
export function runTemplate(definition: TemplateDefinitionInput, book: PreparedBook, parameters: RunParameters = {}): AnalysisReport {
  const { sections } = templateDefinitionSchema.parse(definition);
  return {
    language: book.language,
    chapters: book.chapters.length,
    words: book.words,
    empty: book.words === 0,
    sections: sections.map((section) => runSection(section, book, parameters)),
  };
}

function runSection(section: TemplateSection, book: PreparedBook, parameters: RunParameters): SectionResult {
  const base = { id: section.id, title: section.title, probe: section.probe, view: section.view };
  const range = section.params.chapters as { from?: number; to?: number } | undefined;
  const chapters = chaptersInRange(book.chapters, range);
  const emptyNote =
    book.chapters.length === 0
      ? reportNote("noChapters")
      : book.words === 0
        ? reportNote("noText")
        : chapters.length === 0
          ? range?.to === undefined
            ? reportNote("noChaptersFrom", { from: range?.from ?? 1 })
            : reportNote("noChaptersInRange", { from: range.from ?? 1, to: range.to })
          : null;
  if (emptyNote) return { ...base, summary: [], table: { columns: [], rows: [] }, chart: null, ...notesOf([emptyNote]) };
  const probe = RUNNABLE_PROBES.find((candidate) => candidate.id === section.probe)!;
  const output = (probe.run as (input: unknown) => ProbeOutput)({
    book,
    chapters,
    params: section.params,
    parameters,
  });
  return { ...base, summary: output.summary, table: output.table, chart: chartFor(section.view, output), ...notesOf(output.notes ?? []) };
}

/** The notes in English, and beside them what each says as its key and values (decision 0514). */
function notesOf(notes: Worded[]): Pick<SectionResult, "notes" | "noteWords"> {
  return { notes: notes.map((note) => note.text), noteWords: notes.map(({ key, values }) => ({ key, values })) };
}

function chartFor(view: TemplateSection["view"], output: ProbeOutput): Chart {
  if ((view === "bar" || view === "line") && output.series) return { type: view, ...output.series };
  if (view === "beats" && output.beats) return { type: "beats", ...output.beats };
  if (view === "heatmap" && output.heatmap) return { type: "heatmap", ...output.heatmap };
  return null;
}
