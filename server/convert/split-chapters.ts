import { RE2JS } from "re2js";
import { AppError } from "../errors";
import { MAX_PATTERN_LENGTH } from "./schemas";
import { unescapeInline } from "./engine/markdown/chapters";
import { DEFAULT_HEADING, NUMBER, PART_HEADING, SPACE, type HeadingMatcher } from "./heading-patterns";

export { DEFAULT_HEADING, PART_HEADING } from "./heading-patterns";

/**
 * Splitting a plain-text manuscript into chapters at heading lines such as "Chapter 12",
 * "CHAPTER TWELVE: The Storm" or "第十二章 风暴". A caller's own pattern is a template, not a
 * regular expression: literal text, `{n}` for a chapter number (digits, Roman numerals, Chinese
 * numerals or English number words) and `*` for the rest of the line. Templates and the default
 * heading are matched by RE2 (re2js), whose time is linear in the line whatever the pattern: a
 * backtracking engine took minutes on ten `{n}` in a row.
 */

/** A heading is a short line; longer ones are prose and are never tested. */
const MAX_HEADING_LENGTH = 120;
/**
 * "Book {n}, Part {n}, Chapter {n}" is as deep as a manuscript's numbering goes. Each `{n}` adds
 * some 300 states to the compiled pattern and RE2's time grows with them: the cap keeps a 20 MB
 * text of heading-length lines to seconds, however the template is written.
 */
export const MAX_PATTERN_NUMBERS = 4;

const unusable = (message: string) => new AppError("validation_failed", "The chapter pattern is not usable.", [{ path: "chapterPattern", message }]);

/** Refuses a template that cannot be used, cheaply, before any file is read. */
export function checkHeadingTemplate(template: string): string {
  const trimmed = template.trim();
  if (trimmed.length === 0 || trimmed.length > MAX_PATTERN_LENGTH) {
    throw unusable(`1 to ${MAX_PATTERN_LENGTH} characters of text, with {n} for the number and * for the rest of the line`);
  }
  if (trimmed.split("{n}").length - 1 > MAX_PATTERN_NUMBERS) throw unusable(`at most ${MAX_PATTERN_NUMBERS} {n} in one pattern`);
  return trimmed;
}

/** Compiles a caller's heading template (see above) into an anchored, case-insensitive matcher. */
export function headingPattern(template: string): HeadingMatcher {
  const source = checkHeadingTemplate(template)
    .split(/(\{n\}|\*)/)
    .map((piece) => (piece === "{n}" ? NUMBER : piece === "*" ? ".*" : literal(piece)))
    .join("");
  return RE2JS.compile(`^${source}$`, RE2JS.CASE_INSENSITIVE);
}

// Literal text, any run of white space matching any run of at least one.
const literal = (piece: string) =>
  piece
    .split(/\s+/)
    .map((word) => (word ? RE2JS.quote(word) : ""))
    .join(`${SPACE}+`);

interface SplitChapter {
  title: string;
  markdown: string;
  /** the part (卷, Part One) it belongs to, by the part's heading; none before the first part */
  part?: string;
}

/**
 * The chapters of a text: each heading line starts one, titled by that line. A part's heading
 * (PART_HEADING) starts a part instead: the chapters after it are the part's, and text between it
 * and its first chapter is a chapter titled as the part, so that no word is dropped. Text before
 * the first heading becomes a "Front matter" chapter for the same reason; a text without a single
 * heading is one chapter named `fallbackTitle`. In a `standalone` text (hard-wrapped prose, or
 * paragraphs between blank lines) a heading also stands alone: a blank line (or the start) before
 * it, and after it a blank line, or one line (its subtitle) and a blank line. A wrapped line of
 * prose that begins "part did…" or "BOOK I. (Folio)" is never one. A caller's `heading` decides
 * the chapters; a line it takes is a chapter even when it reads as a part.
 */
export function splitAtHeadings(
  text: string,
  heading: HeadingMatcher,
  fallbackTitle: string,
  { standalone = false, frontMatter = "Front matter", parts = PART_HEADING }: { standalone?: boolean; frontMatter?: string; parts?: HeadingMatcher | null } = {},
): SplitChapter[] {
  const chapters: SplitChapter[] = [];
  let part: string | undefined;
  let current: { title: string; lines: string[] } = { title: "", lines: [] };
  const close = () => {
    const markdown = current.lines.join("\n").trim();
    if (current.title || markdown) chapters.push({ title: current.title || (part ?? frontMatter), markdown, ...(part !== undefined && { part }) });
  };
  const lines = text.split(/\r\n?|\n/);
  const blank = (index: number) => index < 0 || index >= lines.length || lines[index]!.trim() === "";
  const alone = (index: number) => blank(index - 1) && (blank(index + 1) || blank(index + 2));
  let headed = false;
  lines.forEach((line, index) => {
    const candidate = headingText(line);
    if (!candidate || (standalone && !alone(index))) {
      current.lines.push(line);
    } else if (heading !== DEFAULT_HEADING && heading.test(candidate)) {
      close();
      headed = true;
      current = { title: candidate, lines: [] };
    } else if (parts?.test(candidate)) {
      close();
      headed = true;
      part = candidate;
      current = { title: "", lines: [] };
    } else if (heading.test(candidate)) {
      close();
      headed = true;
      current = { title: candidate, lines: [] };
    } else {
      current.lines.push(line);
    }
  });
  close();
  if (chapters.length === 1 && !headed) chapters[0]!.title = fallbackTitle;
  return chapters;
}

/**
 * A line as the heading it may be, without heading marks, escapes or emphasis (a Word file's bold
 * "**Chapter 12**"); "" when too long for one.
 */
function headingText(line: string): string {
  const trimmed = line.trim();
  // Unescaping and unemphasising at most halve a line, bar two pairs of "**": a longer one cannot become a heading.
  if (trimmed.length > 2 * MAX_HEADING_LENGTH + 8) return "";
  const unmarked = trimmed.replace(/^#{1,6}\s+/, "");
  // Most lines hold no mark at all: they are spared the unescaping's allocations.
  const candidate = /[\\*_[]/.test(unmarked) ? unescapeInline(unmarked) : unmarked;
  return candidate.length <= MAX_HEADING_LENGTH ? candidate : "";
}
