const segmenter = new Intl.Segmenter(undefined, { granularity: "word" });

// Han ideographs and kana count one per character, as Chinese and Japanese writers count 字数;
// Hangul is written with spaces, so Korean counts words like English.
const CHARACTER_COUNTED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu;
const OTHER_LETTERS = /[\p{L}\p{N}]/u;
// Pieces end after white space, or after CJK sentence punctuation in text written without spaces;
// never after an apostrophe or a full stop, which can sit inside a word (don't, e.g.).
const BREAK = /[\s\u3000-\u3003\uff01\uff0c\uff1a\uff1b\uff1f]/u;

// Segmenting one long string costs time that grows with the square of its length (a 10,000-word
// chapter took 600 ms), so the text is segmented in pieces this long, cut where no word can span.
const PIECE = 256;

/** Words in a chapter's text: Latin-script words, plus one per CJK character. */
export function countWords(text: string): number {
  let count = 0;
  for (let start = 0; start < text.length; ) {
    const end = pieceEnd(text, start);
    count += countPiece(text.slice(start, end));
    start = end;
  }
  return count;
}

/** Just after the last break in the next PIECE characters (or the text's end). */
function pieceEnd(text: string, start: number): number {
  const limit = start + PIECE;
  if (limit >= text.length) return text.length;
  for (let i = limit - 1; i > start; i--) {
    if (BREAK.test(text[i]!)) return i + 1;
  }
  // No break at all in PIECE characters (a URL, say): cut anyway, but never inside a surrogate pair.
  const code = text.charCodeAt(limit - 1);
  return code >= 0xd800 && code <= 0xdbff ? limit - 1 : limit;
}

function countPiece(piece: string): number {
  let count = 0;
  for (const { segment, isWordLike } of segmenter.segment(piece)) {
    if (!isWordLike) continue;
    const characters = segment.match(CHARACTER_COUNTED)?.length ?? 0;
    count += characters === 0 ? 1 : characters + (OTHER_LETTERS.test(segment.replace(CHARACTER_COUNTED, "")) ? 1 : 0);
  }
  return count;
}
