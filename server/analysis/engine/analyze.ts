import { templateDefinitionSchema, type TemplateDefinitionInput, type TemplateSection } from "./definition";
import { Pacer } from "./pace";
import { prepareBook, type BookInput, type PreparedBook } from "./prepare";
import { chaptersInRange, type ProbeOutput } from "./probe";
import { PROBES } from "./probes";
import type { AnalysisReport, Chart, SectionResult } from "./report";
import { runParametersSchema, type RunParameters } from "./run-parameters";

/**
 * Runs a template on a book. Markdown is read as text and never rendered; the work yields to the
 * event loop every few milliseconds. Throws a ZodError when the definition or the parameters are
 * invalid; a book without chapters gives an empty, labelled report.
 */
export async function analyzeBook(
  definition: TemplateDefinitionInput,
  book: BookInput,
  parameters: unknown = {},
  pacer = new Pacer(),
): Promise<AnalysisReport> {
  const [report] = await analyzeBookWithTemplates([definition], book, parameters, pacer);
  return report!;
}

/** Several templates on one book, which is read and tokenised once for all of them. */
export async function analyzeBookWithTemplates(
  definitions: TemplateDefinitionInput[],
  book: BookInput,
  parameters: unknown = {},
  pacer = new Pacer(),
): Promise<AnalysisReport[]> {
  const parsed = definitions.map((definition) => templateDefinitionSchema.parse(definition));
  const runParameters = runParametersSchema.parse(parameters);
  const prepared = await prepareBook(book, pacer);
  const reports: AnalysisReport[] = [];
  for (const definition of parsed) reports.push(await runTemplate(definition, prepared, runParameters));
  return reports;
}

/** One template on a book already prepared (see `prepareBook`), for callers timing each template. */
export async function runTemplate(
  definition: TemplateDefinitionInput,
  book: PreparedBook,
  parameters: RunParameters = {},
): Promise<AnalysisReport> {
  const { sections } = templateDefinitionSchema.parse(definition);
  const results: SectionResult[] = [];
  for (const section of sections) {
    results.push(await runSection(section, book, parameters));
    await book.pacer.breathe();
  }
  return {
    language: book.language,
    chapters: book.chapters.length,
    words: book.words,
    empty: book.words === 0,
    sections: results,
  };
}

async function runSection(section: TemplateSection, book: PreparedBook, parameters: RunParameters): Promise<SectionResult> {
  const base = { id: section.id, title: section.title, probe: section.probe, view: section.view };
  const range = section.params.chapters as { from?: number; to?: number } | undefined;
  const chapters = chaptersInRange(book.chapters, range);
  const emptyNote =
    book.chapters.length === 0
      ? "This book has no chapters yet."
      : book.words === 0
        ? "This book's chapters have no text yet."
        : chapters.length === 0
          ? `This book has no chapters in the range ${range?.from ?? 1}–${range?.to ?? "end"}.`
          : null;
  if (emptyNote) return { ...base, summary: [], table: { columns: [], rows: [] }, chart: null, notes: [emptyNote] };
  const probe = PROBES.find((candidate) => candidate.id === section.probe)!;
  const output = await (probe.run as (input: unknown) => Promise<ProbeOutput>)({
    book,
    chapters,
    params: section.params,
    parameters,
  });
  return { ...base, summary: output.summary, table: output.table, chart: chartFor(section.view, output), notes: output.notes ?? [] };
}

function chartFor(view: TemplateSection["view"], output: ProbeOutput): Chart {
  if ((view === "bar" || view === "line") && output.series) return { type: view, ...output.series };
  if (view === "beats" && output.beats) return { type: "beats", ...output.beats };
  if (view === "heatmap" && output.heatmap) return { type: "heatmap", ...output.heatmap };
  return null;
}
