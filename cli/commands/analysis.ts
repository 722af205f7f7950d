import type { Command } from "commander";
import { z } from "zod";
import { context } from "../context";
import { printRecord, printResult, printRows } from "../output";
import { pageOptions, pageQuery, printTotal, type PageOptions } from "../paging";

// Read loosely: the full schemas live with the analysis code on the server.
const templateSchema = z.object({ id: z.string(), name: z.string() }).loose();
const resultSchema = z.object({ id: z.string() }).loose();
type Loose = Record<string, unknown>;

const analysesPath = (bookId: string) => `/api/v1/books/${encodeURIComponent(bookId)}/analyses`;
const collect = (value: string, previous: string[] = []) => [...previous, value];

export function registerAnalysis(program: Command): void {
  const analysis = program.command("analysis").description("analysis templates: search, show, install, run on a book, read the results");

  pageOptions(analysis.command("search [query]").description("find templates in the gallery"))
    .option("--category <category>", "only this category")
    .option("--language <tag>", "only templates for this language")
    .option("--tag <tag>", "only templates with this tag")
    .action(async (query: string | undefined, options: PageOptions & { category?: string; language?: string; tag?: string }, command: Command) => {
      const { client, json } = context(command);
      const { items, total } = await client.page(
        "/api/v1/analysis/search",
        { ...pageQuery(options), q: query, category: options.category, language: options.language, tag: options.tag },
        templateSchema,
      );
      printRows<Loose>(json, items, [
        { heading: "id", value: (t) => t.id },
        { heading: "name", value: (t) => t.name },
        { heading: "category", value: (t) => t.category },
        { heading: "language", value: (t) => t.language },
        { heading: "tags", value: (t) => t.tags },
        { heading: "installs", value: (t) => t.installs },
      ], "no templates match");
      if (!json) printTotal(items.length, total, options);
    });

  analysis
    .command("show <templateId>")
    .description("a template: what it measures and how")
    .action(async (templateId: string, _options: unknown, command: Command) => {
      const { client, json } = context(command);
      printRecord(json, await client.data("GET", `/api/v1/analysis/${encodeURIComponent(templateId)}`, {}, templateSchema));
    });

  analysis
    .command("install <templateId>")
    .description("add a template to your library so you can run it")
    .action(async (templateId: string, _options: unknown, command: Command) => {
      const { client, json } = context(command);
      const installed = await client.data("POST", "/api/v1/analysis/install", { json: { templateId } });
      printResult(json, installed, `Installed ${templateId}.`);
    });

  analysis
    .command("run <templateId>")
    .description("run an installed template on a book and store the result")
    .requiredOption("--book <bookId>", "the book to analyse")
    .option("--character <name>", "a character to follow (repeat for several)", collect)
    .action(async (templateId: string, options: { book: string; character?: string[] }, command: Command) => {
      const { client, json } = context(command);
      const body = { templateId, parameters: options.character ? { characters: options.character } : {} };
      const result = await client.data("POST", analysesPath(options.book), { json: body, progress: "analysing" }, resultSchema);
      if (json) return printResult(true, result, "");
      process.stdout.write(`Analysis ${result.id} stored; inkstone analysis results --book ${options.book} ${result.id} shows it.\n`);
    });

  analysis
    .command("results [analysisId]")
    .description("a book's stored analyses, or one of them in full")
    .requiredOption("--book <bookId>", "the book")
    .action(async (analysisId: string | undefined, options: { book: string }, command: Command) => {
      const { client, json } = context(command);
      if (analysisId) {
        return printRecord(json, await client.data("GET", `${analysesPath(options.book)}/${encodeURIComponent(analysisId)}`, {}, resultSchema));
      }
      const { items } = await client.page(analysesPath(options.book), {}, resultSchema);
      printRows<Loose>(json, items, [
        { heading: "id", value: (r) => r.id },
        { heading: "template", value: (r) => r.templateName ?? r.templateId },
        { heading: "created", value: (r) => r.createdAt },
      ], "no analyses of this book yet");
    });
}
