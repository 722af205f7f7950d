/**
 * A sentence's words for frequency and echoes, in order: Latin, Greek and Cyrillic words
 * lower-cased (`don't` is one), and Chinese words as Intl.Segmenter's dictionary finds them.
 * The segmenter only ever sees one run of Han characters, cut to at most 64 of them, because its
 * cost grows with the square of the string's length.
 */
export function sentenceTokens(sentence: string, into: string[]): void {
  const lower = normalise(sentence);
  if (!mayHoldHan(lower)) {
    // match(), not matchAll(): no match object for each of a book's hundred thousand words.
    for (const word of lower.match(LATIN_WORD) ?? []) into.push(word);
    return;
  }
  for (const match of lower.matchAll(WORD_OR_HAN_RUN)) {
    const run = match[1];
    if (run === undefined) into.push(match[0]);
    else for (let at = 0; at < run.length; at += HAN_PIECE) segmentHan(run.slice(at, at + HAN_PIECE), into);
  }
}

const LETTERS = "\\p{Script=Latin}\\p{Script=Greek}\\p{Script=Cyrillic}";
const LATIN_WORD = new RegExp(`[${LETTERS}\\p{Nd}]+(?:['’][${LETTERS}]+)*`, "gu");
const WORD_OR_HAN_RUN = new RegExp(`(\\p{Script=Han}+)|[${LETTERS}\\p{Nd}]+(?:['’][${LETTERS}]+)*`, "gu");
const HAN = /\p{Script=Han}/u;
const HAN_PIECE = 64;

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

let segmenter: Intl.Segmenter | undefined;

function segmentHan(run: string, into: string[]) {
  segmenter ??= new Intl.Segmenter("zh", { granularity: "word" });
  for (const { segment, isWordLike } of segmenter.segment(run)) if (isWordLike) into.push(segment);
}
