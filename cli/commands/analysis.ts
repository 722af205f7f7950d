import type { Command } from "commander";
import { z } from "zod";
import {
  analysisSchema,
  analysisSummarySchema,
  batchOutcomeSchema,
  runAnalysesInput,
  runAnalysisInput,
  TEMPLATE_CATEGORIES,
  TEMPLATE_LANGUAGES,
  templateSchema,
  templateSummarySchema,
  type AnalysisDto,
  type AnalysisSummaryDto,
  type TemplateSummaryDto,
} from "../../server/analysis/schemas";
import { COMPARE_SERIES_KEYS, compareBooksQuery, comparisonSchema } from "../../server/analysis/compare-schemas";
import { renderComparison } from "../compare";
import { context } from "../context";
import { checkInput, CliError } from "../errors";
import { printJson, printRecord, printResult, printRows } from "../output";
import { pageOptions, printListing, readListing, type PageOptions } from "../paging";
import { renderReport } from "../report";

const analysesPath = (bookId: string) => `/api/v1/books/${encodeURIComponent(bookId)}/analyses`;
const collect = (value: string, previous: string[] = []) => [...previous, value];
// A run answers the analysis (201), or queues it: the finished job then names the analysis.
const runOutcomeSchema = z.union([analysisSchema, z.object({ analysisId: z.string() })]);
// Several at once answer the batch (201), or its job's result, which names every analysis.
const batchAnswerSchema = z.union([batchOutcomeSchema, z.object({ analysisIds: z.array(z.string()) })]);

function printAnalysis(json: boolean, analysis: AnalysisDto): void {
  if (json) return printJson(analysis);
  const { report, parameters, error, ...details } = analysis;
  printRecord(false, { ...details, parameters: Object.keys(parameters).length > 0 ? parameters : null, error: error?.message ?? null });
  if (report) process.stdout.write(`\n${renderReport(report.sections)}\n`);
}

export function registerAnalysis(program: Command): void {
  const analysis = program.command("analysis").description("analysis templates: search, show, install, run on a book, read the results");

  pageOptions(analysis.command("search [query]").description("find templates: every word in the name, summary or tags"))
    .option("--category <category>", `only this category: ${TEMPLATE_CATEGORIES.join(", ")}`)
    .option("--language <language>", `only templates for ${TEMPLATE_LANGUAGES.join(", ")}`)
    .option("--tag <tag>", "only templates with this tag")
    .action(async (query: string | undefined, options: PageOptions & { category?: string; language?: string; tag?: string }, command: Command) => {
      const { client, json } = context(command);
      const listing = await readListing(
        client,
        "/api/v1/analysis/search",
        { q: query, category: options.category, language: options.language, tag: options.tag },
        templateSummarySchema,
        options,
      );
      printListing<TemplateSummaryDto>(json, listing, [
        { heading: "id", value: (t) => t.id },
        { heading: "name", value: (t) => t.name },
        { heading: "category", value: (t) => t.category },
        { heading: "language", value: (t) => t.language },
        { heading: "tags", value: (t) => t.tags },
        { heading: "installs", value: (t) => t.installs },
        { heading: "installed", value: (t) => (t.installed ? "yes" : "") },
      ], "no templates match", options);
    });

  analysis
    .command("show <templateId>")
    .description("a template: what it measures and how")
    .action(async (templateId: string, _options: unknown, command: Command) => {
      const { client, json } = context(command);
      const template = await client.data("GET", `/api/v1/analysis/${encodeURIComponent(templateId)}`, {}, templateSchema);
      if (json) return printJson(template);
      const { definition, author, ...details } = template;
      printRecord(false, { ...details, author: author?.name ?? "built in" });
      const sections = definition.sections.map((section, i) => `  ${i + 1}. ${section.title} (${section.probe})`);
      process.stdout.write(`\nsections:\n${sections.join("\n")}\n`);
    });

  analysis
    .command("install <templateId>")
    .description("add a template to your library so you can run it")
    .action(async (templateId: string, _options: unknown, command: Command) => {
      const { client, json } = context(command);
      const template = await client.data("POST", "/api/v1/analysis/install", { json: { templateId } }, templateSchema);
      printResult(json, template, `Installed "${template.name}" (${template.id}).`);
    });

  analysis
    .command("run [templateIds...]")
    .description("run installed templates on a book and keep the results: one id, several (the book is read once for all), or --all")
    .requiredOption("--book <bookId>", "the book to analyse")
    .option("--all", "every template in your library, on one reading of the book")
    .option("--character <name>", "a character to follow (repeat for several)", collect)
    .option("--term <word>", "a word, name or object for the term timeline to trace (repeat for several)", collect)
    .action(async (templateIds: string[], options: { book: string; all?: boolean; character?: string[]; term?: string[] }, command: Command) => {
      const { client, json } = context(command);
      const given = { ...(options.character && { characters: options.character }), ...(options.term && { terms: options.term }) };
      const parameters = Object.keys(given).length > 0 && { parameters: given };
      if (options.all && templateIds.length > 0) throw new CliError("name templates or give --all, not both", 2);
      if (!options.all && templateIds.length === 0) throw new CliError("name a template to run (inkstone analysis search), or give --all", 2);
      if (templateIds.length === 1) {
        const body = checkInput(runAnalysisInput, { templateId: templateIds[0]!, ...parameters });
        const outcome = await client.data("POST", analysesPath(options.book), { json: body, progress: "analysing" }, runOutcomeSchema);
        const result =
          "analysisId" in outcome
            ? await client.data("GET", `${analysesPath(options.book)}/${encodeURIComponent(outcome.analysisId)}`, {}, analysisSchema)
            : outcome;
        return printAnalysis(json, result);
      }
      const body = checkInput(runAnalysesInput, { templates: options.all ? "installed" : templateIds, ...parameters });
      const outcome = await client.data("POST", `${analysesPath(options.book)}/batch`, { json: body, progress: "analysing" }, batchAnswerSchema);
      const ids = "analyses" in outcome ? outcome.analyses.map((a) => a.id) : outcome.analysisIds;
      const reused = new Set("reused" in outcome ? outcome.reused : []);
      const analyses = await Promise.all(ids.map((id) => client.data("GET", `${analysesPath(options.book)}/${encodeURIComponent(id)}`, {}, analysisSummarySchema)));
      printRows<AnalysisSummaryDto & { reused: boolean }>(json, analyses.map((a) => ({ ...a, reused: reused.has(a.id) })), [
        { heading: "id", value: (a) => a.id },
        { heading: "template", value: (a) => a.templateName },
        { heading: "status", value: (a) => (a.reused ? `${a.status} (kept: book unchanged)` : a.status) },
      ]);
    });

  analysis
    .command("delete <analysisId>")
    .description("delete a kept analysis of a book for good (it can be run again)")
    .requiredOption("--book <bookId>", "the book")
    .action(async (analysisId: string, options: { book: string }, command: Command) => {
      const { client, json } = context(command);
      await client.data("DELETE", `${analysesPath(options.book)}/${encodeURIComponent(analysisId)}`);
      printResult(json, { deleted: analysisId }, `Deleted analysis ${analysisId}.`);
    });

  analysis
    .command("compare <bookId> [otherBookId]")
    .description("a book beside another book, or beside itself as it stood earlier (--as-of): each series along 0–100 % of the books")
    .option("--as-of <time>", "compare with the other book (or this one) as it stood then: an ISO date-time, or a date (its end, UTC)")
    .option("--series <keys>", `comma-separated, of: ${COMPARE_SERIES_KEYS.join(", ")} (default: all that apply to the books' languages)`)
    .action(async (bookId: string, otherBookId: string | undefined, options: { asOf?: string; series?: string }, command: Command) => {
      const { client, json } = context(command);
      const query = { otherBookId, asOf: options.asOf, series: options.series };
      checkInput(compareBooksQuery, query);
      const comparison = await client.data("GET", `/api/v1/books/${encodeURIComponent(bookId)}/comparison`, { query, progress: "comparing" }, comparisonSchema);
      if (json) return printJson(comparison);
      process.stdout.write(`${renderComparison(comparison)}
`);
    });

  pageOptions(analysis.command("results [analysisId]").description("a book's kept analyses, newest first, or one of them with its report"))
    .requiredOption("--book <bookId>", "the book")
    .action(async (analysisId: string | undefined, options: PageOptions & { book: string }, command: Command) => {
      const { client, json } = context(command);
      if (analysisId) {
        return printAnalysis(json, await client.data("GET", `${analysesPath(options.book)}/${encodeURIComponent(analysisId)}`, {}, analysisSchema));
      }
      const listing = await readListing(client, analysesPath(options.book), {}, analysisSummarySchema, options);
      printListing<AnalysisSummaryDto>(json, listing, [
        { heading: "id", value: (a) => a.id },
        { heading: "template", value: (a) => a.templateName },
        { heading: "status", value: (a) => a.status },
        { heading: "parameters", value: (a) => (Object.keys(a.parameters).length > 0 ? a.parameters : "") },
        { heading: "created", value: (a) => a.createdAt },
      ], "no analyses of this book yet — inkstone analysis run <templateId> --book <bookId>", options);
    });
}
