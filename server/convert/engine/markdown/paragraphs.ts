/**
 * Inkstone's paragraphs: one Enter ends a paragraph, as in the editor and as writers of every
 * tradition type, while CommonMark joins the lines of a block into one paragraph. This turns a
 * chapter's stored text into CommonMark that means the same, by putting a blank line (inside a
 * quote, an empty quote line) between lines that are each a paragraph. Stored chapters are never
 * rewritten: every writer reads them through this.
 *
 * Lines that stay together, because Markdown gives their break a meaning of its own:
 * - a line ending in a backslash (a line break inside the paragraph, as in verse or an address);
 * - the lines of a fenced code block and of a table;
 * - a heading's `===` or `---` underline, under the line it makes a heading (as the editor shows it);
 * - the items of one list (a line indented under an item is a paragraph of that item).
 *
 * Inkstone has no indented code blocks: a line indented by four blanks or a tab is a paragraph
 * (a writer's first-line indent), except inside a list item or a footnote, where the indent says
 * the line belongs to it.
 */

import { Containers, endsInLineBreak, Fences, indentOf, isBlankLine, LIST_ITEM, QUOTE_PREFIX } from "../../../text/markdown-lines";

const SETEXT_UNDERLINE = /^ {0,3}(?:=+|-+)[ \t]*$/;
// A table's delimiter row: cells of dashes with optional colons, at least one pipe. Tried on the
// line without its trailing blanks, so that no two blank runs can share them (a trailing `[ \t]*`
// after the cells' own made "-" + N blanks + "x" cost N² steps).
const TABLE_DELIMITER = /^ {0,3}\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?$/;
const isTableDelimiter = (line: string) => TABLE_DELIMITER.test(withoutTrailingBlanks(line));

function withoutTrailingBlanks(line: string): string {
  let end = line.length;
  while (end > 0 && (line[end - 1] === " " || line[end - 1] === "\t")) end--;
  return line.slice(0, end);
}

/** The stored text as CommonMark in which every line is its own paragraph. */
export function paragraphsByLine(markdown: string): string {
  const lines = markdown.split(/\r\n?|\n/);
  const out: string[] = [];
  const fences = new Fences();
  const containers = new Containers();
  let previous: string | null = null; // the last line written, when it was not blank
  let inTable = false;

  for (const line of lines) {
    if (fences.open) {
      const closes = fences.next(line) === "close";
      out.push(line);
      previous = closes ? line : null;
      continue;
    }
    if (isBlankLine(line)) {
      out.push(line);
      previous = null;
      inTable = false;
      continue;
    }
    const opensFence = fences.next(line) === "open";
    const indent = indentOf(line);
    const startsItem = containers.next(line);
    // Indentation is a paragraph's, not a code block's, outside lists and footnotes.
    const text = indent >= 4 && !containers.inside ? line.trimStart() : line;

    const nextItem = startsItem && previous !== null && (LIST_ITEM.test(previous) || indentOf(previous) > 0);
    if (previous !== null && !nextItem && !joinsPrevious(previous, text, inTable)) {
      const previousQuote = QUOTE_PREFIX.exec(previous)?.[0];
      out.push(previousQuote && QUOTE_PREFIX.test(text) ? previousQuote.trimEnd() : "");
    }
    if (!inTable && previous !== null && isTableDelimiter(text) && previous.includes("|")) inTable = true;
    else if (inTable && !text.includes("|")) inTable = false;
    out.push(text);
    previous = opensFence ? null : text;
  }
  return out.join("\n");
}

function joinsPrevious(previous: string, line: string, inTable: boolean): boolean {
  if (endsInLineBreak(previous)) return true;
  if (SETEXT_UNDERLINE.test(line) && !LIST_ITEM.test(previous)) return true;
  if (inTable && line.includes("|")) return true;
  return isTableDelimiter(line) && line.includes("|") && previous.includes("|");
}
