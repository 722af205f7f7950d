import { replaceFootnoteRefs } from "./footnote-refs";
import { endsInLineBreak, Fences, FOOTNOTE_DEFINITION } from "./markdown-lines";
import { withoutNotes } from "./notes";
import { countText, type CountRule } from "./count-rule";

/**
 * The prose of a chapter's Markdown, as paragraphs of plain text: what is counted, analysed and
 * read. Each line is a paragraph (one Enter ends one, as in the editor and every export), unless
 * it ends in a backslash, a line break inside its paragraph. The writer's private notes
 * (`<!-- … -->`), heading, quote and list marks, emphasis, code marks, link targets (their text
 * kept), images, footnote citations, HTML and scene-break lines go; a footnote's own text stays.
 * Nothing is ever rendered or run.
 *
 * Line rules and a few replacements rather than a Markdown parser: @lezer/markdown (already used
 * by the editor) took over 100 ms to parse a 140,000-word book, a third of the time the whole
 * analysis may take, and prose needs only its marks removed.
 */
export function markdownParagraphs(markdown: string): string[] {
  const paragraphs: string[] = [];
  eachParagraph(markdown, (prose) => {
    const text = prose.replace(/\s+/g, " ").trim();
    if (text) paragraphs.push(text);
  });
  return paragraphs;
}

/** Each paragraph's prose, its marks gone, its blanks as they were. */
function eachParagraph(markdown: string, visit: (prose: string) => void): void {
  let lines: string[] = [];
  const flush = () => {
    if (lines.length > 0) visit(inline(lines.length === 1 ? lines[0]! : lines.join(" ")));
    lines = [];
  };
  const fences = new Fences();
  for (const raw of withoutNotes(markdown).split(/\r\n?|\n/)) {
    // Most lines of prose open with a letter: none of the line patterns below can match them, and
    // no fence opens or closes on one. A fence's own lines go; the code between them is read.
    const plain = PLAIN_START.test(raw);
    const fence = plain ? null : fences.next(raw);
    const footnote = plain ? null : FOOTNOTE_DEFINITION.exec(raw);
    const line = footnote ? raw.slice(footnote[0].length) : raw;
    if (!plain && (fence === "open" || fence === "close" || BLANK_OR_BREAK.test(line) || (!footnote && LINK_DEFINITION.test(line)))) {
      flush();
      continue;
    }
    const text = plain ? withoutClosingHashes(line) : withoutClosingHashes(line.replace(HEADING, "").replace(QUOTE, "").replace(LIST, ""));
    const breaks = endsInLineBreak(text);
    lines.push(breaks ? text.slice(0, -1) : text);
    if (!breaks) flush();
  }
  flush();
}

/**
 * The counting rule's version, stored with each book's counts (Book.wordCountRule). Raise it with
 * any change to what countProse counts: a server recounts every book counted by an older rule when
 * it starts (server/books/recount-words.ts). 1: notes, link targets and marks are not words, a
 * hyphenated compound is one. 2: each book counts by its own rule (Book.countRule: a Chinese
 * book's full-width punctuation is counted, decision 0491).
 */
export const COUNT_RULE = 2;

/**
 * A chapter's words, by the one rule that the editor, the chapter and book totals, the exports'
 * statistics share: the words of its prose (see markdownParagraphs), as the book's rule counts
 * them (server/text/count-rule.ts).
 */
export function countProse(markdown: string, rule: CountRule): number {
  let words = 0;
  eachParagraph(markdown, (prose) => (words += countText(prose, rule)));
  return words;
}

// Every pattern here meets a writer's text, so each is linear by construction: anchored, with no
// two quantifiers that could take the same characters. What a pattern cannot say that way (a
// pair of marks with anything between) is a scanner below.
// A scene break is a line of only break marks and spaces: `***`, `* * *`, `---`, `#`, `~~~`, `§`, `⁂`.
const BLANK_OR_BREAK = /^[\s\-*_~=#§•·⁂※◇◆○●❦✻]*$/u;
const LINK_DEFINITION = /^\s{0,3}\[[^\]]+\]:\s*\S/;
const HEADING = /^\s{0,3}#{1,6}\s+/;
const QUOTE = /^\s{0,3}(?:>\s?)+/;
const LIST = /^\s{0,3}(?:[-*+]|\d{1,3}[.)])\s+/;
const SPACE = /\s/;
const PLAIN_START = /^\p{L}/u;

/**
 * The line without a closing run of `#` set off by a space (`## Title ##`). Read from the end: the
 * pattern for it, tried at every space of a line, took the square of the line's length.
 */
function withoutClosingHashes(line: string): string {
  let end = line.length;
  while (end > 0 && SPACE.test(line[end - 1]!)) end--;
  let hashes = end;
  while (hashes > 0 && line[hashes - 1] === "#") hashes--;
  let start = hashes;
  while (start > 0 && SPACE.test(line[start - 1]!)) start--;
  return hashes < end && start < hashes ? line.slice(0, start) : line;
}

function inline(text: string): string {
  // Most prose has none of these marks; each replacement runs only when its mark is there.
  if (!MARKS.test(text)) return text;
  let plain = text;
  if (plain.includes("[^")) plain = replaceFootnoteRefs(plain, () => "");
  if (plain.includes("\\")) plain = plain.replace(/\\([\\`*_{}[\]()#+\-.!~>|])/g, (_, mark: string) => ESCAPED + mark.charCodeAt(0) + ";");
  if (plain.includes("<")) plain = withoutTags(plain);
  if (plain.includes("[")) plain = withoutReferenceLinks(withoutLinks(withoutImages(plain)));
  plain = plain.replace(/[*`]+|~~/g, "");
  // Underscores mark emphasis only at a word's edge; snake_case keeps its own.
  if (plain.includes("_")) plain = plain.replace(/(^|[^\p{L}\p{N}])_+|_+(?=$|[^\p{L}\p{N}])/gu, "$1");
  return plain.includes(ESCAPED) ? plain.replace(ESCAPED_MARK, (_, code: string) => String.fromCharCode(Number(code))) : plain;
}

const MARKS = /[\\<[*`~_]/;

// Escaped marks are parked as a private-use character and a code until the marks are gone.
const ESCAPED = "\ue000";
const ESCAPED_MARK = /\ue000(\d+);/g;

/*
 * The scanners below each remove one kind of mark pair, as a global replace of a pattern would,
 * left to right and never overlapping, but in one pass: when a pair cannot close (no `>`,
 * `]` or `)` after its opening), no later opening can close either, so the scan stops rather than
 * looking again from every later opening, which made `<a<a…` or `[[[…` quadratic.
 */

/**
 * HTML tags (`<b>`, `</b>`, `<img …>`) and autolinks (`<https://…>`, `<mailto:…>`, which open with
 * a letter too): from the `<` to the first `>`.
 */
function withoutTags(text: string): string {
  let kept = "";
  let from = 0;
  for (let open = text.indexOf("<"); open !== -1; ) {
    if (!isAsciiLetter(text.charCodeAt(text[open + 1] === "/" ? open + 2 : open + 1))) {
      open = text.indexOf("<", open + 1);
      continue;
    }
    const close = text.indexOf(">", open + 1);
    if (close === -1) break;
    kept += text.slice(from, open);
    from = close + 1;
    open = text.indexOf("<", from);
  }
  return kept + text.slice(from);
}

function isAsciiLetter(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

/** `![alt](src)`, removed with its text. */
function withoutImages(text: string): string {
  let kept = "";
  let from = 0;
  for (let open = text.indexOf("!["); open !== -1; ) {
    // The alt text runs to the first `]`: every opening before that `]` shares it.
    const close = text.indexOf("]", open + 2);
    if (close === -1) break;
    if (text[close + 1] !== "(") {
      open = text.indexOf("![", Math.max(open + 1, close - 1));
      continue;
    }
    const end = text.indexOf(")", close + 2);
    if (end === -1) break;
    kept += text.slice(from, open);
    from = end + 1;
    open = text.indexOf("![", from);
  }
  return kept + text.slice(from);
}

/**
 * `[text](target)`, kept as its text. The target may hold one level of parentheses
 * (`https://example.com/a_(b)`), whose `(` jumps to the first `)` after it. A target read to the
 * paragraph's end without its `)` marks every place it passed as a dead end, so a later link that
 * reaches one of them stops there: each character is read at most twice whatever the brackets.
 */
function withoutLinks(text: string): string {
  let kept = "";
  let from = 0;
  const targets = { deadEnd: new Uint8Array(text.length + 1), nextClosing: nextIndexes(text, ")") };
  for (let open = text.indexOf("["); open !== -1; ) {
    const close = text.indexOf("]", open + 1);
    if (close === -1) break;
    const end = close > open + 1 && text[close + 1] === "(" ? targetEnd(text, close + 2, targets) : -1;
    if (end === -1) {
      // Every opening before this `]` shares it, and so fails the same way.
      open = text.indexOf("[", close + 1);
      continue;
    }
    kept += text.slice(from, open) + text.slice(open + 1, close);
    from = end + 1;
    open = text.indexOf("[", from);
  }
  return kept + text.slice(from);
}

/** Where the target starting at `from` closes, or -1 when it never does. */
function targetEnd(text: string, from: number, { deadEnd, nextClosing }: { deadEnd: Uint8Array; nextClosing: Int32Array }): number {
  const passed: number[] = [];
  for (let at = from; at < text.length && !deadEnd[at]; at++) {
    const character = text[at];
    if (character === ")") return at;
    passed.push(at);
    if (character === "(") {
      at = nextClosing[at]!;
      if (at === text.length) break;
    }
  }
  for (const place of passed) deadEnd[place] = 1;
  return -1;
}

/** For each position, where the first `character` at or after it is (the text's length when none). */
function nextIndexes(text: string, character: string): Int32Array {
  const next = new Int32Array(text.length + 1);
  next[text.length] = text.length;
  for (let at = text.length - 1; at >= 0; at--) next[at] = text[at] === character ? at : next[at + 1]!;
  return next;
}

/** `[text][label]`, kept as its text. */
function withoutReferenceLinks(text: string): string {
  let kept = "";
  let from = 0;
  for (let open = text.indexOf("["); open !== -1; ) {
    const close = text.indexOf("]", open + 1);
    if (close === -1) break;
    if (close === open + 1 || text[close + 1] !== "[") {
      open = text.indexOf("[", close + 1);
      continue;
    }
    const end = text.indexOf("]", close + 2);
    if (end === -1) break;
    kept += text.slice(from, open) + text.slice(open + 1, close);
    from = end + 1;
    open = text.indexOf("[", from);
  }
  return kept + text.slice(from);
}
