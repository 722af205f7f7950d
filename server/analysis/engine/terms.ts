import stopwords from "stopwords-iso/stopwords-iso.json";
import type { ChapterTokens } from "./prepare";
import { isHan } from "./tokens";

/**
 * English and Chinese stop-words from stopwords-iso: its Chinese list holds the words
 * Intl.Segmenter emits (他们, 什么, 一个), where the `stopword` package's has single characters
 * only. Its English list is long (it also drops "man", "room", "face"), which suits a fingerprint
 * of the words that make a book its own.
 */
const STOP_WORDS = new Set<string>([...stopwords.en, ...stopwords.zh]);

export function isStopWord(token: string): boolean {
  return STOP_WORDS.has(token);
}

const HAS_LETTER = /\p{L}/u;

/**
 * Whether a word counts as content: a letter in it, not a stop-word, and at least `minLength`
 * characters — by default 3 letters for English and 2 characters for Chinese, whose one-character
 * words are mostly particles the stop list leaves in.
 */
export function isContentWord(token: string, minLength: number | undefined): boolean {
  if (!HAS_LETTER.test(token) || STOP_WORDS.has(token)) return false;
  return [...token].length >= (minLength ?? (isHan(token) ? 2 : 3));
}

/** A phrase worth counting: it neither begins nor ends with a stop-word or a bare number. */
export function isContentPhrase(tokens: string[]): boolean {
  const first = tokens[0]!;
  const last = tokens[tokens.length - 1]!;
  return HAS_LETTER.test(first) && HAS_LETTER.test(last) && !STOP_WORDS.has(first) && !STOP_WORDS.has(last);
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
