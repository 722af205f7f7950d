/**
 * The line rules that every reader of a chapter's Markdown shares (paragraphs, unwrapping, notes,
 * prose, smart punctuation): what a fence, a list item, a footnote, a quote and a line break are,
 * so that no two of them disagree on which lines are code or prose. Each rule is linear by
 * construction: anchored, with no two quantifiers that could take the same characters.
 */

export const LIST_ITEM = /^ {0,3}(?:[-+*]|\d{1,9}[.)])(?:[ \t]|$)/;
export const FOOTNOTE_DEFINITION = /^ {0,3}\[\^[^\]\s]+\]:/;
export const QUOTE_PREFIX = /^ {0,3}(?:>[ \t]?)+/;
const CJK_SCRIPTS = String.raw`\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}`;
/** A letter of Chinese, Japanese or Korean, whose words have no spaces between them. */
export const CJK = new RegExp(`[${CJK_SCRIPTS}]`, "u");
/** A CJK letter, or CJK or full-width punctuation (“。”, “，”, “！”). */
export const CJK_OR_FULL_WIDTH = new RegExp(`[${CJK_SCRIPTS}\\u3000-\\u303f\\uff00-\\uffef]`, "u");

export const isBlankLine = (line: string) => line.trim() === "";

/** How far a line is indented, a tab counting to the next multiple of four. */
export function indentOf(line: string): number {
  let columns = 0;
  for (const c of line) {
    if (c === " ") columns++;
    else if (c === "\t") columns += 4 - (columns % 4);
    else break;
  }
  return columns;
}

/** Whether a line ends in a backslash that is not itself escaped: a line break inside its paragraph. */
export function endsInLineBreak(line: string): boolean {
  let slashes = 0;
  for (let at = line.length - 1; at >= 0 && line[at] === "\\"; at--) slashes++;
  return slashes % 2 === 1;
}

/** Where a line stands with respect to fenced code: its opening line, a line inside, its closing line, or none. */
export type FenceLine = "open" | "inside" | "close" | null;

/**
 * Fenced code blocks, as CommonMark reads them: a run of three or more backticks or tildes
 * indented by at most three spaces opens one (a backtick fence's info string holds no backtick);
 * a run of the same character at least as long, indented by at most three spaces and followed
 * only by blanks, closes it. Fed a text's lines in order.
 */
export class Fences {
  private marker: string | null = null;
  private length = 0;

  get open(): boolean {
    return this.marker !== null;
  }

  next(line: string): FenceLine {
    const run = markerRun(line);
    if (this.marker === null) {
      if (!run || (run.marker === "`" && line.includes("`", run.end))) return null;
      this.marker = run.marker;
      this.length = run.end - run.start;
      return "open";
    }
    if (run && run.marker === this.marker && run.end - run.start >= this.length && isBlankLine(line.slice(run.end))) {
      this.marker = null;
      return "close";
    }
    return "inside";
  }
}

/** The run of three or more backticks or tildes that a line opens with, after at most three spaces. */
function markerRun(line: string): { marker: string; start: number; end: number } | null {
  let start = 0;
  while (start < 3 && line[start] === " ") start++;
  const marker = line[start];
  if (marker !== "`" && marker !== "~") return null;
  let end = start;
  while (line[end] === marker) end++;
  return end - start >= 3 ? { marker, start, end } : null;
}

/**
 * Inkstone has no indented code blocks: a line indented by four blanks or a tab is a paragraph
 * (a writer's first-line indent), except inside a list item or a footnote, where the indent says
 * the line belongs to it. Fed a text's lines outside fenced code, in order.
 */
export class Containers {
  /** in a list item or a footnote, where indented lines belong to it */
  inside = false;

  /** Whether the line starts a list item or a footnote; it also notes whether the lines that follow are in one. */
  next(line: string): boolean {
    if (isBlankLine(line)) return false;
    const indent = indentOf(line);
    const startsItem = indent < 4 && (LIST_ITEM.test(line) || FOOTNOTE_DEFINITION.test(line));
    if (startsItem) this.inside = true;
    else if (indent === 0) this.inside = false;
    return startsItem;
  }
}
