import { languageData } from "./language-data";
import type { ChapterTokens, PreparedBook } from "./prepared-book";
import { isHan } from "./tokens";

/** A stop-word, or a contraction of one or of a negation (she'd, don't, wasn't). */
export function isStopWord(token: string): boolean {
  const { stopWords } = languageData();
  if (stopWords.has(token)) return true;
  const apostrophe = token.indexOf("'");
  return apostrophe > 0 && (token.endsWith("n't") || stopWords.has(token.slice(0, apostrophe)));
}

const HAS_LETTER = /\p{L}/u;
const LETTER = 1;
const STOP = 2;
const HAN = 4;

/**
 * What the engine needs to know of a word — has it a letter, is it a stop-word, is it Chinese —
 * by its vocabulary number, worked out once per book.
 */
function wordClasses(book: PreparedBook): (id: number) => number {
  let known = book.memo.get("word-classes") as number[] | undefined;
  if (!known) book.memo.set("word-classes", (known = []));
  const classes = known;
  const { words } = book.vocabulary;
  return (id) => {
    let found = classes[id];
    if (found === undefined) {
      const word = words[id]!;
      found = classes[id] = (HAS_LETTER.test(word) ? LETTER : 0) | (isStopWord(word) ? STOP : 0) | (isHan(word) ? HAN : 0);
    }
    return found;
  };
}

/**
 * A test of whether a word counts as content: a letter in it, not a stop-word, and at least
 * `minLength` characters — by default 3 letters for English and 2 characters for Chinese, whose
 * one-character words are mostly particles the stop list leaves in.
 */
export function contentWordTest(book: PreparedBook, minLength: number | undefined): (id: number) => boolean {
  const classOf = wordClasses(book);
  const { words } = book.vocabulary;
  return (id) => {
    const found = classOf(id);
    return (found & (LETTER | STOP)) === LETTER && words[id]!.length >= (minLength ?? (found & HAN ? 2 : 3));
  };
}

/** Whether a word has a letter in it (is not a bare number). */
export function hasLetterTest(book: PreparedBook): (id: number) => boolean {
  const classOf = wordClasses(book);
  return (id) => (classOf(id) & LETTER) !== 0;
}

/**
 * Phrases — runs of `n` words inside one sentence — with a number for a key while the
 * vocabulary is small enough for `n` numbers below its size to fit in a double, else a string.
 * Make it once the chapters' words are all read, so the vocabulary's size stays put.
 */
export function phrases(book: PreparedBook, n: number) {
  const classOf = wordClasses(book);
  const { words } = book.vocabulary;
  const size = Math.max(1, words.length);
  const numeric = size ** n < Number.MAX_SAFE_INTEGER;
  const isEnd = (id: number) => (classOf(id) & (LETTER | STOP)) === LETTER;
  const idsOf = (key: number | string): number[] => {
    if (typeof key === "string") return key.split(",").map(Number);
    const ids: number[] = [];
    for (let i = 0, rest = key; i < n; i++, rest = Math.floor(rest / size)) ids.unshift(rest % size);
    return ids;
  };
  return {
    /** Neither end is a stop-word or a bare number. */
    isContent: (ids: Int32Array, start: number) => isEnd(ids[start]!) && isEnd(ids[start + n - 1]!),
    isAllStopWords: (ids: Int32Array, start: number) => {
      for (let i = start; i < start + n; i++) if (!(classOf(ids[i]!) & STOP)) return false;
      return true;
    },
    key: (ids: Int32Array, start: number): number | string => {
      if (!numeric) return ids.slice(start, start + n).join(",");
      let key = 0;
      for (let i = start; i < start + n; i++) key = key * size + ids[i]!;
      return key;
    },
    /** The phrase as written: Chinese words join without a space. */
    spell: (key: number | string) => {
      const ids = idsOf(key);
      let text = words[ids[0]!]!;
      for (let i = 1; i < ids.length; i++) text += (classOf(ids[i - 1]!) & classOf(ids[i]!) & HAN ? "" : " ") + words[ids[i]!];
      return text;
    },
  };
}

/** Calls `visit` with every run of `n` words that stays inside one sentence. */
export function forEachGram(tokens: ChapterTokens, n: number, visit: (start: number) => void) {
  const { ids, sentenceStarts } = tokens;
  for (let s = 0; s < sentenceStarts.length; s++) {
    const end = sentenceStarts[s + 1] ?? ids.length;
    for (let start = sentenceStarts[s]!; start + n <= end; start++) visit(start);
  }
}

/**
 * The `top` terms by count, ties in alphabetical order. The cut-off count is found from a
 * histogram of the counts, and only the terms that can make the cut are spelt and sorted: a long
 * Chinese book has a couple of hundred thousand distinct phrases.
 */
export function topTerms<Entry extends { count: number }>(
  tally: Map<number | string, Entry>,
  top: number,
  minCount: number,
  spell: (key: number | string) => string,
): (readonly [string, Entry])[] {
  const histogram = new Map<number, number>();
  for (const { count } of tally.values()) if (count >= minCount) histogram.set(count, (histogram.get(count) ?? 0) + 1);
  let cutoff = minCount;
  let kept = 0;
  for (const count of [...histogram.keys()].sort((a, b) => b - a)) {
    cutoff = count;
    kept += histogram.get(count)!;
    if (kept >= top) break;
  }
  const contenders: (readonly [string, Entry])[] = [];
  for (const [key, entry] of tally) if (entry.count >= cutoff) contenders.push([spell(key), entry]);
  return contenders.sort(([a, x], [b, y]) => y.count - x.count || (a < b ? -1 : a > b ? 1 : 0)).slice(0, top);
}
