import type { Command } from "commander";
import { importInput, importResultSchema } from "../../server/convert/schemas";
import { context } from "../context";
import { checkInput } from "../errors";
import { fileForm } from "../files";
import { printResult } from "../output";

export function registerImport(program: Command): void {
  program
    .command("import <file>")
    .description("turn a manuscript (DOCX, EPUB, Markdown, …) into a new book, split into chapters at headings")
    .option("--title <title>", "the book's title (default: from the document)")
    .option("--from <format>", "the document's format when its name does not tell (see inkstone formats)")
    .option("--chapter-pattern <pattern>", 'for plain text: the chapter heading, {n} for its number, * for the rest, e.g. "Chapter {n}*"')
    .option("--language <tag>", "the book's language, e.g. zh or en-GB (default: the language its text is written in)")
    .action(async (file: string, options: { title?: string; from?: string; chapterPattern?: string; language?: string }, command: Command) => {
      const { client, json } = context(command);
      const fields = checkInput(importInput.pick({ title: true, from: true, chapterPattern: true, language: true }), {
        title: options.title,
        from: options.from,
        chapterPattern: options.chapterPattern,
        language: options.language,
      });
      const form = fileForm(file, fields);
      const imported = await client.data("POST", "/api/v1/books/import", { form, progress: "importing" }, importResultSchema);
      const inParts = imported.parts.length === 0 ? "" : ` in ${imported.parts.length === 1 ? "1 part" : `${imported.parts.length} parts`}`;
      printResult(json, imported, `Imported "${imported.book.title}" (${imported.book.id}) with ${imported.chapterCount} chapters${inParts}.`);
    });
}
