import type { Command } from "commander";
import { z } from "zod";
import { context } from "../context";
import { filePart } from "../files";
import { printResult } from "../output";

// Read loosely: the answer's full schema lives with the conversion code on the server.
const importedSchema = z
  .object({
    book: z.object({ id: z.string(), title: z.string() }).loose(),
    chapterCount: z.number().optional(),
    chapters: z.union([z.number(), z.array(z.unknown())]).optional(),
  })
  .loose();

export function registerImport(program: Command): void {
  program
    .command("import <file>")
    .description("turn a manuscript (DOCX, EPUB, Markdown, …) into a new book, split into chapters at headings")
    .option("--title <title>", "the book's title (default: from the document)")
    .option("--from <format>", "the document's format when its name does not tell (see inkstone formats)")
    .action(async (file: string, options: { title?: string; from?: string }, command: Command) => {
      const { client, json } = context(command);
      const part = filePart(file);
      const form = () => {
        const data = new FormData();
        data.set("file", part.blob(), part.name);
        if (options.title) data.set("title", options.title);
        if (options.from) data.set("from", options.from);
        return data;
      };
      const imported = await client.data("POST", "/api/v1/books/import", { form, progress: "importing" }, importedSchema);
      const count = imported.chapterCount ?? (Array.isArray(imported.chapters) ? imported.chapters.length : imported.chapters);
      printResult(json, imported, `Imported "${imported.book.title}" (${imported.book.id}) with ${count ?? "?"} chapters.`);
    });
}
