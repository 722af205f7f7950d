import path from "node:path";
import type { Command } from "commander";
import { chapterListItemSchema, chapterSchema, uploadChapterInput, type ChapterSummaryDto } from "../../server/chapters/schemas";
import { context } from "../context";
import { jsonFields } from "../json-output";
import { checkInput, CliError } from "../errors";
import { makeFolder, readLocalFile, writeLocalFile } from "../files";
import { printRecord, printResult } from "../output";
import { pageOptions, printListing, readListing, type PageOptions } from "../paging";
import { readStdin } from "../stdin";

const chaptersPath = (bookId: string) => `/api/v1/books/${encodeURIComponent(bookId)}/chapters`;

/** "03-the-storm.md": sorts in book order, readable, safe on every file system. */
function chapterFileName(chapter: { position: number; title: string }, width: number): string {
  const slug = chapter.title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return `${String(chapter.position).padStart(width, "0")}-${slug || "chapter"}.md`;
}

export function registerChapters(program: Command): void {
  const chapters = program.command("chapters").description("list, upload, show and pull a book's chapters");

  pageOptions(jsonFields(chapters.command("list <bookId>").description("a book's chapters in order"), chapterListItemSchema))
    .option("--deleted", "list the book's trash instead")
    .action(async (bookId: string, options: PageOptions & { deleted?: boolean }, command: Command) => {
      const { client, json } = context(command);
      const query = { deleted: options.deleted ? "true" : undefined };
      const listing = await readListing(client, chaptersPath(bookId), query, chapterListItemSchema, options);
      printListing<ChapterSummaryDto>(json, listing, [
        // The id first, as every list has it: a piped row's first field is what the next command takes.
        { heading: "id", value: (c) => c.id },
        { heading: "#", value: (c) => c.position },
        { heading: "title", value: (c) => c.title },
        { heading: "words", value: (c) => c.wordCount },
        { heading: "version", value: (c) => c.version },
        { heading: "updated", value: (c) => c.updatedAt },
      ], "no chapters yet — inkstone chapters upload <bookId> <file>", options);
    });

  chapters
    .command("upload <bookId> [file]")
    .description("add a Markdown or text file (or standard input) as the book's last chapter")
    .option("--title <title>", "the chapter's title (default: its leading # heading)")
    .addHelpText("after", "\nExamples:\n  inkstone chapters upload <bookId> chapter-1.md\n  pbpaste | inkstone chapters upload <bookId> --title \"The storm\"")
    .action(async (bookId: string, file: string | undefined, options: { title?: string }, command: Command) => {
      const { client, json } = context(command);
      const fromStdin = file === undefined || file === "-";
      if (fromStdin && process.stdin.isTTY) throw new CliError("give a file, or pipe the chapter into standard input");
      const bytes = fromStdin ? await readStdin() : readLocalFile(file);
      const content = bytes.toString("utf8");
      checkInput(uploadChapterInput, { content, ...(options.title !== undefined && { title: options.title }) });
      const name = fromStdin ? "chapter.md" : path.basename(file);
      const form = () => {
        const data = new FormData();
        data.set("file", new Blob([new Uint8Array(bytes)], { type: "text/markdown" }), name);
        if (options.title !== undefined) data.set("title", options.title);
        return data;
      };
      const chapter = await client.data("POST", chaptersPath(bookId), { form, progress: "uploading" }, chapterSchema);
      printResult(json, { ...chapter, content: undefined }, `Uploaded chapter ${chapter.position}, "${chapter.title}" (${chapter.id}), ${chapter.wordCount} words.`);
    });

  jsonFields(chapters.command("show <bookId> <chapterId>"), chapterSchema)
    .description("a chapter's details and text")
    .option("--content", "print only the text (e.g. to pipe into a file)")
    .action(async (bookId: string, chapterId: string, options: { content?: boolean }, command: Command) => {
      const { client, json } = context(command);
      const chapter = await client.data("GET", `${chaptersPath(bookId)}/${encodeURIComponent(chapterId)}`, {}, chapterSchema);
      if (options.content && !json) {
        process.stdout.write(chapter.content.endsWith("\n") ? chapter.content : `${chapter.content}\n`);
        return;
      }
      if (json) return printRecord(true, chapter);
      const { content, ...details } = chapter;
      printRecord(false, details);
      process.stdout.write(`\n${content}\n`);
    });

  chapters
    .command("pull <bookId>")
    .description("write every chapter to a Markdown file (NN-title.md)")
    .option("-d, --dir <folder>", "where to write them", ".")
    .action(async (bookId: string, options: { dir: string }, command: Command) => {
      const { client, json } = context(command);
      const { items: all } = await readListing(client, chaptersPath(bookId), { include: "content" }, chapterListItemSchema, { all: true });
      makeFolder(options.dir);
      const width = Math.max(2, String(all.length).length);
      const written = all.map((chapter) => {
        const file = path.join(options.dir, chapterFileName(chapter, width));
        writeLocalFile(file, chapter.content ?? "");
        return { id: chapter.id, title: chapter.title, file };
      });
      printResult(json, written, written.length === 0 ? "The book has no chapters." : written.map((w) => `wrote ${w.file}`).join("\n"));
    });
}
