import { atxHeading } from "../../../text/markdown-heading";
import { Fences } from "../../../text/markdown-lines";
import type { Chapter } from "../model";
import { PART_HEADING } from "../../heading-patterns";
import { footnoteRefs, replaceFootnoteRefs } from "../../../text/footnote-refs";

/**
 * Splitting one Markdown document into chapters at its top heading level, and keeping each
 * footnote's definition in the chapter that cites it (documents usually collect them at the end).
 */

interface HeadingLine {
  line: number;
  level: number;
  text: string;
}

function headingLines(lines: string[]): HeadingLine[] {
  const found: HeadingLine[] = [];
  const fences = new Fences();
  lines.forEach((line, index) => {
    if (fences.next(line) !== null) return;
    const atx = atxHeading(line);
    if (atx) found.push({ line: index, level: atx.level, text: unescapeInline(atx.text) });
  });
  return found;
}

/** A heading's words without Markdown emphasis or escapes: chapter titles are plain text. */
export function unescapeInline(text: string): string {
  return withoutEmphasis(replaceFootnoteRefs(text, () => ""))
    .replace(/\\([\\`*_{}[\]()#+\-.!|~<>])/g, "$1")
    .trim();
}

const DELIMITERS = ["**", "__", "*", "_"] as const;

/**
 * What `text.replace(/(\*\*|__|\*|_)(\S(?:.*?\S)?)\1/g, "$2")` does, in linear time: that pattern
 * rescanned the rest of the line from every delimiter without a partner (a heading of a thousand
 * `*` took seconds). For each delimiter, `closers` holds the nearest place from each index on
 * where it can close (after a non-blank).
 */
function withoutEmphasis(text: string): string {
  const closers = DELIMITERS.map((delimiter) => {
    const next = new Int32Array(text.length + 2).fill(-1);
    for (let at = text.length - 1; at >= 1; at--) {
      next[at] = text.startsWith(delimiter, at) && /\S/.test(text[at - 1]!) ? at : next[at + 1]!;
    }
    return next;
  });
  let out = "";
  let copied = 0;
  let at = 0;
  while (at < text.length) {
    const index = DELIMITERS.findIndex((d, i) => text.startsWith(d, at) && /\S/.test(text[at + d.length] ?? " ") && closers[i]![at + d.length + 1]! >= 0);
    if (index < 0) {
      at++;
      continue;
    }
    const open = at + DELIMITERS[index]!.length;
    const close = closers[index]![open + 1]!;
    out += text.slice(copied, at) + text.slice(open, close);
    at = copied = close + DELIMITERS[index]!.length;
  }
  return out + text.slice(copied);
}

/**
 * Chapters at the top heading level. A lone top heading above several of the next level is the
 * book's title, not a chapter. Text before the first heading is kept as an untitled chapter.
 */
export function splitMarkdown(markdown: string): { title?: string; chapters: Chapter[] } {
  const lines = markdown.split(/\r\n?|\n/);
  const headings = headingLines(lines);
  let title: string | undefined;
  let top = headings.reduce((min, h) => Math.min(min, h.level), Infinity);
  const atTop = headings.filter((h) => h.level === top);
  // Whatever stands before it (a licence, a page number, a table of contents) stays, as front matter.
  if (atTop.length === 1 && !PART_HEADING.test(atTop[0]!.text) && headings.filter((h) => h.level === top + 1 && h.line > atTop[0]!.line).length > 1) {
    title = atTop[0]!.text;
    lines[atTop[0]!.line] = "";
    top += 1;
  }
  const atLevel = headings.filter((h) => h.level === top);
  // Parts (decision 0488): top headings that read as parts ("Part One", "第一卷") over chapters one
  // level below; another top heading (an epilogue) is then a chapter outside any part.
  const inParts = atLevel.some((h) => PART_HEADING.test(h.text)) && headings.some((h) => h.level === top + 1);
  const cuts = headings.filter((h) => h.level === top || (inParts && h.level === top + 1));
  const chapters: Chapter[] = [];
  const before = lines.slice(0, cuts[0]?.line ?? lines.length).join("\n").trim();
  if (before) chapters.push({ title: "", markdown: before });
  let part: string | undefined;
  cuts.forEach((cut, index) => {
    const body = lines.slice(cut.line + 1, cuts[index + 1]?.line ?? lines.length).join("\n").trim();
    if (inParts && cut.level === top && PART_HEADING.test(cut.text)) {
      part = cut.text;
      // What a part's heading says before its first chapter is kept, as a chapter titled as the part.
      if (body) chapters.push({ title: cut.text, markdown: body, part });
    } else if (inParts && cut.level === top) {
      part = undefined;
      chapters.push({ title: cut.text, markdown: body });
    } else {
      chapters.push({ title: cut.text, markdown: body, ...(part !== undefined && { part }) });
    }
  });
  return { title, chapters: keepFootnotesWithCitations(chapters) };
}

export const DEFINITION = /^\[\^([^\]\s]+)\]:[ \t]?/;

/**
 * Moves each footnote definition into the first chapter that cites it. A note nothing cites here
 * (an EPUB's endnotes file, whose citations are in other documents) stays where it was: no text
 * is dropped.
 */
export function keepFootnotesWithCitations(chapters: Chapter[]): Chapter[] {
  const definitions = new Map<string, string>();
  const origin = new Map<string, number>();
  const bodies = chapters.map((chapter, index) => {
    const kept: string[] = [];
    let label: string | null = null;
    for (const line of chapter.markdown.split("\n")) {
      const match = DEFINITION.exec(line);
      if (match) {
        label = match[1]!;
        definitions.set(label, line);
        origin.set(label, index);
      } else if (label !== null && (line.startsWith("    ") || line.startsWith("\t") || line.trim() === "")) {
        definitions.set(label, `${definitions.get(label)}\n${line}`);
      } else {
        label = null;
        kept.push(line);
      }
    }
    return kept.join("\n").trim();
  });
  if (definitions.size === 0) return chapters;
  const placed = new Map<string, number>();
  bodies.forEach((body, index) => {
    for (const { label, end } of footnoteRefs(body)) {
      if (body[end] !== ":" && definitions.has(label) && !placed.has(label)) placed.set(label, index);
    }
  });
  const notes = chapters.map(() => [] as string[]);
  // In the order they are cited, then those nothing cites.
  for (const [label, index] of placed) notes[index]!.push(definitions.get(label)!.trimEnd());
  for (const [label, definition] of definitions) if (!placed.has(label)) notes[origin.get(label)!]!.push(definition.trimEnd());
  return chapters.map((chapter, index) => ({ ...chapter, markdown: [bodies[index]!, ...notes[index]!].filter(Boolean).join("\n\n") }));
}
