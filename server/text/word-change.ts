import { diffArrays } from "diff";
import { countText, type CountRule } from "./count-rule";
import { countProse, markdownParagraphs } from "./prose";

/** Words one version of a chapter added and removed against the one before, counted apart. */
export interface WordChange {
  added: number;
  removed: number;
}

/**
 * The stretch of two texts that differs, widened to whole lines: what lies outside it is the
 * same in both, so only this needs diffing. An autosave changes a paragraph or two of a chapter,
 * so this is what keeps the ledger's cost off a save.
 */
export function changedLines(before: string, after: string): { before: string; after: string } {
  if (before === after) return { before: "", after: "" };
  const shorter = Math.min(before.length, after.length);
  const prefix = commonPrefix(before, after, shorter);
  const suffix = commonSuffix(before, after, shorter - prefix);
  const start = prefix === 0 ? 0 : before.lastIndexOf("\n", prefix - 1) + 1;
  const newline = before.indexOf("\n", before.length - suffix);
  const tail = newline < 0 || newline < start ? 0 : before.length - newline;
  return { before: before.slice(start, before.length - tail), after: after.slice(start, after.length - tail) };
}

/**
 * How many inserted and deleted words the diff may match word by word: its cost grows with the
 * square of that (jsdiff's Myers took 0.8 ms at 100 and 48 ms at 600 on 3,000 words rewritten).
 * On the web thread a save gets the small budget; a change beyond it is diffed again in a worker
 * with the large one, and beyond that, whole stretches count.
 */
export const EDIT_WORDS_HERE = 100;
export const EDIT_WORDS_IN_WORKER = 1000;

/**
 * Words added and removed between two versions of a chapter's Markdown, by the counting rule
 * (server/text/prose.ts: notes and marks are no words, each CJK character is one). The changed
 * lines' prose is split into words (a CJK character alone, punctuation apart) and the two word
 * sequences diffed (Myers, the `diff` package), so moving a word counts one removed and one
 * added, and typing inside a paragraph adds only what was typed. A rewrite too large to match word
 * by word within `maxEditWords` counts every word of the old lines removed and every word of the
 * new ones added.
 *
 * `counts`, the two texts' whole counts, keep the answer true to them: `added - removed` is then
 * exactly the change of the chapter's count (lines counted apart can disagree with the whole
 * text, a note or fence opened elsewhere), the smaller side making up the difference.
 */
export function wordChange(
  before: string,
  after: string,
  rule: CountRule,
  counts?: { before: number; after: number },
  maxEditWords = EDIT_WORDS_IN_WORKER,
): WordChange {
  const lines = changedLines(before, after);
  const change = matchedChange(lines, rule, maxEditWords) ?? { added: countProse(lines.after, rule), removed: countProse(lines.before, rule) };
  return counts ? trueTo(counts, change) : change;
}

/**
 * The words the changed lines added and removed, or null when matching them needs more than
 * `maxEditWords` edits. Each run of changed words is counted by the book's rule; a mark Chinese
 * shares with English (“ …) counted apart from the Han text beside it may be missed here, which
 * `trueTo` then makes up from the whole counts.
 */
export function matchedChange(lines: { before: string; after: string }, rule: CountRule, maxEditWords: number): WordChange | null {
  if (lines.before === lines.after) return { added: 0, removed: 0 };
  const changes = diffArrays(proseWords(lines.before), proseWords(lines.after), { maxEditLength: maxEditWords });
  if (!changes) return null;
  const change = { added: 0, removed: 0 };
  for (const part of changes) {
    if (part.added) change.added += countText(part.value.join(" "), rule);
    else if (part.removed) change.removed += countText(part.value.join(" "), rule);
  }
  return change;
}

/** The change made to agree with the whole counts (see wordChange). */
export function trueTo(counts: { before: number; after: number }, change: WordChange): WordChange {
  const off = change.added - change.removed - (counts.after - counts.before);
  return off < 0 ? { added: change.added - off, removed: change.removed } : { added: change.added, removed: change.removed + off };
}

// A CJK character alone; a word with what joins inside it (don't, e.g, 1,000, well-known); or any
// other character alone, so that "Start." and "Start here." share the word "Start". Linear by
// construction: each repetition of the group must open with a joiner, which the run never takes,
// and nothing follows the group.
const WORD = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u30fc]|[\p{L}\p{M}\p{N}\p{Pc}]+(?:['\u2019.:,\-\u2010\u2011][\p{L}\p{M}\p{N}\p{Pc}]+)*|\S/gu;

function proseWords(markdown: string): string[] {
  const words: string[] = [];
  for (const paragraph of markdownParagraphs(markdown)) for (const match of paragraph.matchAll(WORD)) words.push(match[0]);
  return words;
}

// Compared a block at a time: string equality of two slices is a memory comparison, far quicker
// than a loop over characters on a chapter of megabytes.
const BLOCK = 4096;

function commonPrefix(a: string, b: string, limit: number): number {
  let at = 0;
  while (at + BLOCK <= limit && a.slice(at, at + BLOCK) === b.slice(at, at + BLOCK)) at += BLOCK;
  while (at < limit && a.charCodeAt(at) === b.charCodeAt(at)) at++;
  return at;
}

function commonSuffix(a: string, b: string, limit: number): number {
  let at = 0;
  const aEnd = a.length;
  const bEnd = b.length;
  while (at + BLOCK <= limit && a.slice(aEnd - at - BLOCK, aEnd - at) === b.slice(bEnd - at - BLOCK, bEnd - at)) at += BLOCK;
  while (at < limit && a.charCodeAt(aEnd - at - 1) === b.charCodeAt(bEnd - at - 1)) at++;
  return at;
}
