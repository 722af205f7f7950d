import { chineseSegmenter, type Segmenter } from "@/server/text/segmenter";

/**
 * A sentence's words for frequency and echoes, in order: Latin, Greek and Cyrillic words
 * lower-cased (`don't` and `good-humoured` are one, as countWords counts them), and Chinese words
 * as the segmenter (jieba, taught the book's names) cuts them.
 *
 * With `runs`, each run of Han characters is not cut here but pushed onto `runs`, and HAN_RUN
 * stands for its words in `into`: the caller cuts a whole chapter's runs in one call to the
 * segmenter (see `cutHanRuns`), since each call into it costs far more than a short run's words.
 */
export function sentenceTokens(sentence: string, into: string[], runs?: string[], segmenter?: Segmenter): void {
  const lower = normalise(sentence);
  if (!mayHoldHan(lower)) {
    // match(), not matchAll(): no match object for each of a book's hundred thousand words.
    for (const word of lower.match(LATIN_WORD) ?? []) into.push(word);
    return;
  }
  for (const match of lower.matchAll(WORD_OR_HAN_RUN)) {
    const run = match[1];
    if (run === undefined) into.push(match[0]);
    else if (runs) {
      runs.push(run);
      into.push(HAN_RUN);
    } else for (const word of (segmenter ?? chineseSegmenter([])).words(run)) into.push(word);
  }
}

/** Stands in a sentence's tokens for a run of Han characters not yet cut (never a word: words have no NUL). */
export const HAN_RUN = "\u0000";

/** The words of each run, from one call to the segmenter over all of them. */
export function cutHanRuns(runs: readonly string[], segmenter: Segmenter): string[][] {
  const words = segmenter.words(runs.join("\n"));
  const out: string[][] = runs.map(() => []);
  let run = 0;
  let end = runs[0]?.length ?? 0;
  let at = 0;
  for (const word of words) {
    // A run's words end where it does: the separator and anything past a run's end move on.
    while (run < runs.length && at >= end) {
      run++;
      end += 1 + (runs[run]?.length ?? 0);
    }
    if (run < runs.length && word !== "\n" && at + word.length <= end) out[run]!.push(word);
    at += word.length;
  }
  return out;
}

const LETTERS = "\\p{Script=Latin}\\p{Script=Greek}\\p{Script=Cyrillic}";
// A word: letters and digits, joined by an apostrophe before letters (don't) or by a hyphen
// between letters or digits (good-humoured, COVID-19), as countWords joins them.
const WORD = `[${LETTERS}\\p{Nd}]+(?:['’][${LETTERS}]+|[-\\u2010\\u2011][${LETTERS}\\p{Nd}]+)*`;
const LATIN_WORD = new RegExp(WORD, "gu");
const WORD_OR_HAN_RUN = new RegExp(`(\\p{Script=Han}+)|${WORD}`, "gu");
const HAN = /\p{Script=Han}/u;

/** A sentence's Latin-script words as written, for readability. */
export function latinWords(sentence: string): string[] {
  return sentence.match(LATIN_WORD) ?? [];
}

/**
 * False when no character of the text is at or above U+2E80, where the Han blocks begin: a loop
 * over char codes, many times faster than a Unicode-property pattern over English text.
 */
function mayHoldHan(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) >= 0x2e80) return HAN.test(text);
  return false;
}

/**
 * Han characters in a text, by char code: the common blocks are ranges, and only the rare
 * characters past them (radicals, extensions in surrogate pairs) go to the Unicode pattern.
 */
export function countHan(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x2e80) continue;
    if ((code >= 0x4e00 && code <= 0x9fff) || (code >= 0x3400 && code <= 0x4dbf)) count++;
    else if (code >= 0xd800 && code <= 0xdbff) {
      if (HAN.test(String.fromCodePoint(text.codePointAt(i)!))) count++;
      i++;
    } else if (HAN.test(text[i]!)) count++;
  }
  return count;
}

/** Whether a token is written in Han characters (counted per character, not per letter). */
export function isHan(token: string): boolean {
  return HAN.test(token);
}

function normalise(word: string): string {
  const lower = word.toLowerCase();
  return lower.includes("’") ? lower.replace(/’/g, "'") : lower;
}
