/**
 * A writer's private notes: `<!-- … -->` in a chapter's text (Ctrl+/ in the editor). A note is
 * never counted, never sent to analysis and never exported unless an export asks for notes.
 *
 * A note runs from `<!--` to the next `-->`, across lines. One never closed runs to the end of the
 * text when only blanks precede it on its line (as the editor's Markdown grammar reads an HTML
 * comment block), and is plain text when it opens mid-line. Fenced code blocks hold no notes.
 *
 * One pass: the next `<!--` and `-->` are each looked for once from where the scan stands, and a
 * search that found nothing is never repeated, so no text of `<!--<!--<!--…` costs more than its length.
 */

import { Fences } from "./markdown-lines";

const OPEN = "<!--";
const CLOSE = "-->";

const isBlank = (c: string | undefined) => c === " " || c === "\t";

/**
 * The text with each note replaced by what `replace` makes of its inner text (untrimmed). Where a
 * note is replaced by nothing visible, the blanks it would leave doubled between words, or leading
 * its line, go with it.
 */
export function replaceNotes(text: string, replace: (inner: string) => string): string {
  if (!text.includes(OPEN)) return text;
  // No piece is ever empty, so looking back at the last one is one step.
  const pieces: string[] = [];
  const push = (piece: string) => {
    if (piece !== "") pieces.push(piece);
  };
  const fences = new Fences();
  let nextOpen = text.indexOf(OPEN);
  let nextClose = -2; // -2: not looked for yet; -1: there is none from here on
  const closeAfter = (at: number) => {
    if (nextClose === -1) return -1;
    if (nextClose < at) nextClose = text.indexOf(CLOSE, at);
    return nextClose;
  };

  let lineStart = 0;
  while (lineStart < text.length) {
    const newline = text.indexOf("\n", lineStart);
    let lineEnd = newline < 0 ? text.length : newline;
    if (nextOpen >= 0 && nextOpen < lineStart) nextOpen = text.indexOf(OPEN, lineStart);
    if (fences.next(text.slice(lineStart, lineEnd)) !== null || nextOpen < 0 || nextOpen >= lineEnd) {
      push(text.slice(lineStart, lineEnd + 1));
      lineStart = lineEnd + 1;
      continue;
    }
    let from = lineStart;
    while (nextOpen >= 0 && nextOpen < lineEnd) {
      const start = nextOpen;
      let close = closeAfter(start + OPEN.length);
      if (close < 0) {
        // Never closed: a note to the end only where it opens its line.
        if (from !== lineStart || text.slice(lineStart, start).trim() !== "") break;
        close = text.length;
      }
      push(text.slice(from, start));
      const inner = text.slice(start + OPEN.length, close);
      const replacement = replace(inner);
      let end = Math.min(close + CLOSE.length, text.length);
      if (replacement.trim() === "") {
        const after = text[end];
        if (replacement.includes("\n") || after === undefined || after === "\n" || isBlank(after) || atLineStart(pieces)) trimTrailingBlanks(pieces);
        push(replacement);
        if (atLineStart(pieces)) while (isBlank(text[end])) end++;
      } else {
        push(replacement);
      }
      from = end;
      nextOpen = text.indexOf(OPEN, from);
      // A note that spans lines ends on a later line: the scan goes on from there.
      if (end > lineEnd) {
        const next = text.indexOf("\n", end);
        lineEnd = next < 0 ? text.length : next;
      }
    }
    push(text.slice(from, lineEnd + 1));
    lineStart = lineEnd + 1;
  }
  return pieces.join("");
}

/** The text without its notes, their line breaks kept so that the lines around them stay apart. */
export function withoutNotes(text: string): string {
  return replaceNotes(text, (inner) => "\n".repeat(countLineBreaks(inner)));
}

function countLineBreaks(text: string): number {
  let count = 0;
  for (let at = text.indexOf("\n"); at >= 0; at = text.indexOf("\n", at + 1)) count++;
  return count;
}

function atLineStart(pieces: string[]): boolean {
  return pieces.length === 0 || pieces.at(-1)!.endsWith("\n");
}

/** Removes the blanks the pieces end with; a piece left empty goes, so each is emptied at most once. */
function trimTrailingBlanks(pieces: string[]): void {
  while (pieces.length > 0) {
    const piece = pieces.at(-1)!;
    let end = piece.length;
    while (end > 0 && isBlank(piece[end - 1])) end--;
    if (end > 0) {
      pieces[pieces.length - 1] = piece.slice(0, end);
      return;
    }
    pieces.pop();
  }
}
