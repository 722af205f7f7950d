import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Command } from "commander";
import { chapterListItemSchema, chapterSchema, patchChapterInput, uploadChapterInput, type ChapterSummaryDto } from "../../server/chapters/schemas";
import { context } from "../context";
import { jsonFields } from "../json-output";
import { checkInput, CliError } from "../errors";
import { makeFolder, readLocalFile, writeLocalFile } from "../files";
import type { FormField } from "../multipart";
import { printRecord, printResult } from "../output";
import { pageOptions, printListing, readListing, type PageOptions } from "../paging";
import { readStdin } from "../stdin";

const chaptersPath = (bookId: string) => `/api/v1/books/${encodeURIComponent(bookId)}/chapters`;
const chapterPath = (bookId: string, chapterId: string) => `${chaptersPath(bookId)}/${encodeURIComponent(chapterId)}`;

/**
 * The text after the writer's editor ($VISUAL, else $EDITOR, else vi) has had it, as git and gh
 * open one: a temporary .md file, the editor run through the shell (so "code --wait" works).
 */
function editInEditor(text: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), "inkstone-edit-"));
  const file = path.join(folder, "chapter.md");
  try {
    writeFileSync(file, text);
    const editor = process.env.VISUAL || process.env.EDITOR || "vi";
    const run = spawnSync("sh", ["-c", `${editor} "$1"`, "editor", file], { stdio: "inherit" });
    if (run.error || run.status !== 0) throw new CliError(`the editor (${editor}) did not finish cleanly; nothing was saved`);
    return readFileSync(file, "utf8");
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

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
  const chapters = program.command("chapters").description("list, upload, show, edit, delete and pull a book's chapters");

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
      const form: FormField[] = [{ name: "file", file: bytes, fileName: name, type: "text/markdown" }, ...(options.title === undefined ? [] : [{ name: "title", text: options.title }])];
      const chapter = await client.data("POST", chaptersPath(bookId), { form, progress: "uploading" }, chapterSchema);
      printResult(json, { ...chapter, content: undefined }, `Uploaded chapter ${chapter.position}, "${chapter.title}" (${chapter.id}), ${chapter.wordCount} words.`);
    });

  jsonFields(chapters.command("show <bookId> <chapterId>"), chapterSchema)
    .description("a chapter's details and text")
    .option("--content", "print only the text (e.g. to pipe into a file)")
    .action(async (bookId: string, chapterId: string, options: { content?: boolean }, command: Command) => {
      const { client, json } = context(command);
      const chapter = await client.data("GET", chapterPath(bookId, chapterId), {}, chapterSchema);
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
    .command("edit <bookId> <chapterId> [file]")
    .description("save a new text (a file, - for standard input, else your $EDITOR) or title for a chapter")
    .option("--title <title>", "a new title")
    // Not --version: the program's own --version would take it wherever it stands.
    .option("--base-version <n>", "the version you edited (chapters show): refused if someone saved since; default: the version now on the server")
    .addHelpText(
      "after",
      "\nWithout a file or --title, the chapter opens in $VISUAL or $EDITOR and is saved when the editor closes.\n\nExamples:\n  inkstone chapters edit <bookId> <chapterId>\n  inkstone chapters edit <bookId> <chapterId> 03-the-storm.md --base-version 7\n  inkstone chapters edit <bookId> <chapterId> --title \"The Storm\"",
    )
    .action(async (bookId: string, chapterId: string, file: string | undefined, options: { title?: string; baseVersion?: string }, command: Command) => {
      const { client, json } = context(command);
      const current = await client.data("GET", chapterPath(bookId, chapterId), {}, chapterSchema);
      let content: string | undefined;
      if (file === "-") content = (await readStdin()).toString("utf8");
      else if (file !== undefined) content = readLocalFile(file).toString("utf8");
      else if (options.title === undefined) {
        content = editInEditor(current.content);
        if (content === current.content) return printResult(json, { ...current, content: undefined, saved: false }, "No change; nothing saved.");
      }
      const version = options.baseVersion === undefined ? current.version : Number(options.baseVersion);
      const body = checkInput(patchChapterInput, { version, ...(options.title !== undefined && { title: options.title }), ...(content !== undefined && { content }) });
      const saved = await client.data("PATCH", chapterPath(bookId, chapterId), { json: body, progress: "saving" }, chapterSchema);
      printResult(json, { ...saved, content: undefined }, `Saved chapter ${saved.position}, "${saved.title}" (${saved.id}): version ${saved.version}, ${saved.wordCount} words.`);
    });

  chapters
    .command("delete <bookId> <chapterId>")
    .description("move a chapter to the book's trash (chapters restore brings it back)")
    .option("--permanent", "delete it for good, with its history, now (needs --yes)")
    .option("--yes", "confirm --permanent")
    .action(async (bookId: string, chapterId: string, options: { permanent?: boolean; yes?: boolean }, command: Command) => {
      const { client, json } = context(command);
      if (options.permanent && !options.yes) throw new CliError("--permanent deletes the chapter and its history for good: add --yes to confirm");
      await client.data("DELETE", chapterPath(bookId, chapterId), { query: { permanent: options.permanent ? "true" : undefined } });
      const sentence = options.permanent ? `Deleted ${chapterId} for good.` : `Moved ${chapterId} to the book's trash (inkstone chapters restore ${bookId} ${chapterId} brings it back).`;
      printResult(json, { id: chapterId, deleted: true, permanent: Boolean(options.permanent) }, sentence);
    });

  chapters
    .command("restore <bookId> <chapterId>")
    .description("take a chapter out of the book's trash, back into its old place")
    .action(async (bookId: string, chapterId: string, _options: unknown, command: Command) => {
      const { client, json } = context(command);
      const chapter = await client.data("POST", `${chapterPath(bookId, chapterId)}/untrash`, {}, chapterSchema);
      printResult(json, { ...chapter, content: undefined }, `Restored chapter ${chapter.position}, "${chapter.title}" (${chapter.id}).`);
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
      const written = [];
      for (const chapter of all) {
        const file = path.join(options.dir, chapterFileName(chapter, width));
        // A page carries at most 4 MiB of text; the chapters past it are read one by one.
        const content = chapter.contentOmitted ? (await client.data("GET", chapterPath(bookId, chapter.id), {}, chapterSchema)).content : chapter.content;
        if (content === undefined) throw new CliError(`the server listed chapter ${chapter.id} without its text; nothing more was written`);
        writeLocalFile(file, content);
        written.push({ id: chapter.id, title: chapter.title, file });
      }
      printResult(json, written, written.length === 0 ? "The book has no chapters." : written.map((w) => `wrote ${w.file}`).join("\n"));
    });
}
