/**
 * A sentence's words for frequency and echoes, in order: Latin, Greek and Cyrillic words
 * lower-cased (`don't` is one), and Chinese words as Intl.Segmenter's dictionary finds them.
 * The segmenter only ever sees one run of Han characters, cut to at most 64 of them, because its
 * cost grows with the square of the string's length.
 */
export function sentenceTokens(sentence: string, into: string[]): void {
  const lower = normalise(sentence);
  if (!HAN.test(lower)) {
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
