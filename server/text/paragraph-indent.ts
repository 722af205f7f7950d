import { Fences, LIST_ITEM } from "./markdown-lines";

/**
 * How a book's paragraphs open (issue 32 item 3, decision 0491): a book setting, applied when the
 * text is shown (the editor's CSS) and exported (EPUB and HTML CSS, DOCX, PDF, TXT), never kept
 * in the text itself.
 *
 * - `none`: no indent, every paragraph flush left.
 * - `fullWidth`: every paragraph opens two characters in (what Chinese books and the web-novel
 *   platforms do with `　　`), the first after a heading too.
 * - `typographic`: a first-line indent on every paragraph but the first after a heading or a
 *   scene break, as English books are set.
 */
export { PARAGRAPH_INDENTS, type ParagraphIndent } from "./text-rules";

/** What a writer may have put before a paragraph to indent it by hand: spaces, tabs, no-break and ideographic spaces. */
function isIndentCharacter(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x3000 || code === 0xa0;
}

/** How many characters of indentation open the line (0 when it is only blanks). */
export function leadingIndentLength(line: string): number {
  let at = 0;
  while (at < line.length && isIndentCharacter(line.charCodeAt(at))) at++;
  return at === line.length ? 0 : at;
}

/**
 * Whether the line is a paragraph of prose whose hand-made indent can go: not a list item (its
 * indent may nest it), not a line that follows a list item or one of its indented lines (its
 * indent continues the item), not inside fenced code.
 */
export function isIndentedProse(line: string, previous: string | undefined): boolean {
  const indent = leadingIndentLength(line);
  if (indent === 0) return false;
  if (LIST_ITEM.test(line.slice(indent))) return false;
  return previous === undefined || !LIST_ITEM.test(previous.slice(leadingIndentLength(previous)));
}

/**
 * The text with the hand-made indent taken off every paragraph of prose (full-width spaces, ASCII
 * spaces, tabs: the editor's old staircase included, which Markdown would read as code): what an
 * import stores and every export reads, so the book's setting alone indents. Lines in a list or
 * in fenced code keep theirs. One pass over the lines.
 */
export function withoutParagraphIndents(markdown: string): string {
  if (!hasIndentedLine(markdown)) return markdown;
  const lines = markdown.split("\n");
  const fences = new Fences();
  let previous: string | undefined;
  let inList = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const fence = fences.next(line.endsWith("\r") ? line.slice(0, -1) : line);
    if (fence === null) {
      const indent = leadingIndentLength(line);
      const blank = line.trim() === "";
      if (LIST_ITEM.test(line.slice(indent))) inList = true;
      else if (blank) inList = false;
      else if (indent > 0 && !inList && isIndentedProse(line, previous)) lines[i] = line.slice(indent);
    }
    previous = line;
  }
  return lines.join("\n");
}

/** Whether any line opens with an indent character: most chapters have none, and are returned as they are. */
function hasIndentedLine(markdown: string): boolean {
  for (let at = 0; at < markdown.length; at = markdown.indexOf("\n", at) + 1) {
    if (isIndentCharacter(markdown.charCodeAt(at)) && leadingIndentLength(markdown.slice(at, at + 64)) > 0) return true;
    if (markdown.indexOf("\n", at) === -1) break;
  }
  return false;
}
