import type { Principal } from "../auth/principal";
import { chapterContent } from "../chapters/schemas";
import { AppError, fieldProblems } from "../errors";
import type { UploadedFile } from "../request/schemas";
import { readDocument } from "./engine";
import { requireFormat } from "./formats";
import { MAX_IMPORT_CHAPTERS } from "./schemas";
import { checkHeadingTemplate } from "./split-chapters";
import { bookDefaults } from "../books/language";
import { countProseOf } from "../text/count-task";
import { withoutParagraphIndents } from "../text/paragraph-indent";
import type { CountRule } from "../text/text-rules";

export interface Manuscript {
  title?: string;
  /** who the document says wrote it (its metadata, a title page, Gutenberg's header) */
  author?: string;
  language?: string;
  /** the rule the chapters were counted by: the book's, or a new book's language's */
  countRule: CountRule;
  /** each chapter's count made by the counting rule, off the web thread for a long book; `part`: the part (卷) it opens or continues, by its title */
  chapters: { title: string; content: string; wordCount: number; part?: string }[];
}

/**
 * An uploaded manuscript as chapters ready to be saved: read by the engine, which splits it at
 * top-level headings (plain text at heading lines, or the caller's `chapterPattern`), each chapter
 * checked against the chapter rules so that an import either saves every chapter or none.
 */
export async function readManuscript(
  file: UploadedFile,
  options: { from?: string; chapterPattern?: string; skipChapters?: number[]; language?: string; countRule?: CountRule },
  principal: Principal,
): Promise<Manuscript> {
  // A bad template is the caller's mistake whatever the file holds: refused before reading it.
  if (options.chapterPattern) checkHeadingTemplate(options.chapterPattern);
  if (file.bytes.byteLength === 0) throw new AppError("validation_failed", "The file is empty.", [{ path: "file", message: "is empty" }]);
  // With no format named, the worker detects it: sniffing is not work for the request thread.
  const format = options.from === undefined ? undefined : requireFormat(options.from, "read").id;
  const model = await readDocument(file.bytes, format, {
    fileName: file.name,
    owner: principal.userId,
    ...(options.chapterPattern && { chapterPattern: options.chapterPattern }),
  });
  const chapters = model.chapters.filter((c) => c.title.trim() || c.markdown.trim());
  const untitled = model.title?.trim() || file.name.replace(/\.[^.]*$/, "").trim();
  if (chapters.length === 0) throw new AppError("validation_failed", "The document holds no text to import.", [{ path: "file", message: "has no text" }]);
  if (chapters.length > MAX_IMPORT_CHAPTERS) {
    throw new AppError("validation_failed", `The document splits into ${chapters.length} chapters; an import makes at most ${MAX_IMPORT_CHAPTERS}.`, [
      { path: "chapterPattern", message: "matches too many lines" },
    ]);
  }
  // Titled before any is left out, so that each keeps the title its preview showed.
  // A Chinese manuscript's untitled text is named in Chinese: 起点's 作品相关 for what stands before
  // the first chapter (a synopsis, a title page), 第N章 for the rest (issue 32 item 6).
  const chinese = model.language?.toLowerCase().startsWith("zh") ?? false;
  const titled = chapters.map((chapter, index) => {
    // The text before the first heading is front matter (a title page, a dedication), never a second "Chapter 1".
    const fallback = chapters.length === 1 && untitled ? untitled : index === 0 ? (chinese ? "作品相关" : "Front matter") : chinese ? `第${index + 1}章` : `Chapter ${index + 1}`;
    const part = chapter.part === undefined ? undefined : chapterTitleOf(chapter.part, "");
    return { number: index + 1, title: chapterTitleOf(chapter.title, fallback), markdown: chapter.markdown, ...(part && { part }) };
  });
  const checked = withoutSkipped(titled, options.skipChapters ?? []).map((chapter) => {
    // Hand-made indents go: the book's paragraph indent sets every paragraph alike (decision 0491).
    const content = chapterContent.safeParse(withoutParagraphIndents(chapter.markdown));
    if (!content.success) {
      const problems = fieldProblems(content.error.issues).map((p) => ({ ...p, path: `chapters.${chapter.number - 1}`, message: `"${chapter.title}": ${p.message}` }));
      throw new AppError("validation_failed", `Chapter ${chapter.number} ("${chapter.title}") cannot be saved; nothing was imported.`, problems);
    }
    return { title: chapter.title, content: content.data, ...(chapter.part && { part: chapter.part }) };
  });
  // Into a book: its rule. A new book: the rule its language will give it (the caller's, else the text's).
  const countRule = options.countRule ?? bookDefaults(options.language ?? model.language ?? "en").countRule;
  const counts = await countProseOf(checked.map((chapter) => chapter.content), countRule, principal.userId);
  return {
    title: model.title?.trim() || undefined,
    author: [...(model.author ?? "").replace(/[\p{Cc}\s]+/gu, " ").trim()].slice(0, 200).join("") || undefined,
    language: model.language,
    countRule,
    chapters: checked.map((chapter, index) => ({ ...chapter, wordCount: counts[index]! })),
  };
}

/**
 * The chapters the writer kept: those a preview listed, less the numbers they left out. A number
 * past the last chapter is the caller's mistake (the document changed, or the pattern), and so is
 * leaving out every chapter: both are refused before anything is saved.
 */
function withoutSkipped<T>(chapters: T[], skipped: number[]): T[] {
  if (skipped.length === 0) return chapters;
  const missing = skipped.filter((number) => number > chapters.length);
  if (missing.length > 0) {
    throw new AppError("validation_failed", `The document has ${chapters.length} chapters; there is no chapter ${missing.join(", ")} to leave out.`, [
      { path: "skipChapters", message: `numbers from 1 to ${chapters.length}` },
    ]);
  }
  const skip = new Set(skipped);
  const kept = chapters.filter((_, index) => !skip.has(index + 1));
  if (kept.length === 0) throw new AppError("validation_failed", "Every chapter was left out; nothing would be imported.", [{ path: "skipChapters", message: "leaves no chapter" }]);
  return kept;
}

/** Chapter titles are one line of at most 200 characters; an untitled chapter gets `fallback`. */
function chapterTitleOf(title: string, fallback: string): string {
  const line = title.replace(/[\p{Cc}\s]+/gu, " ").trim() || fallback.replace(/[\p{Cc}\s]+/gu, " ").trim();
  return [...line].slice(0, 200).join("");
}

/**
 * The manuscript's parts: each run of chapters that name the same part is one part (a part's
 * chapters follow each other), with the indexes of its chapters.
 */
export function runsOfParts(chapters: { part?: string }[]): { title: string; chapters: number[] }[] {
  const runs: { title: string; chapters: number[] }[] = [];
  chapters.forEach((chapter, index) => {
    if (chapter.part === undefined) return;
    const last = runs.at(-1);
    if (last && last.title === chapter.part && last.chapters.at(-1) === index - 1) last.chapters.push(index);
    else runs.push({ title: chapter.part, chapters: [index] });
  });
  return runs;
}
