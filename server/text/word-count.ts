const segmenter = new Intl.Segmenter(undefined, { granularity: "word" });

// Han ideographs and kana count one per character, as Chinese and Japanese writers count 字数;
// Hangul is written with spaces, so Korean counts words like English.
const CHARACTER_COUNTED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu;

/** Words in a chapter's text: Latin-script words, plus one per CJK character. */
export function countWords(text: string): number {
  let count = 0;
  for (const { segment, isWordLike } of segmenter.segment(text)) {
    if (!isWordLike) continue;
    const characters = segment.match(CHARACTER_COUNTED)?.length ?? 0;
    count += characters > 0 ? characters + (hasOtherLetters(segment) ? 1 : 0) : 1;
  }
  return count;
}

function hasOtherLetters(segment: string): boolean {
  return /[\p{L}\p{N}]/u.test(segment.replace(CHARACTER_COUNTED, ""));
}
