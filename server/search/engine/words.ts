/**
 * Whole-word matching that works for every script. Letters of scripts written without spaces
 * (Chinese, Japanese kana) are each a word of their own: "凯瑟琳" is a whole word inside
 * "我们的凯瑟琳走了". Elsewhere a hit is whole when no letter, digit or mark touches it on either
 * side, so "cat" is not found in "concatenate", and is found in "the cat's".
 */
const WORD = /[\p{L}\p{N}\p{M}_]/u;
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

function codePointBefore(text: string, index: number): string {
  if (index <= 0) return "";
  const low = text.charCodeAt(index - 1);
  if (low >= 0xdc00 && low <= 0xdfff && index >= 2) return text.slice(index - 2, index);
  return text[index - 1]!;
}

function codePointAt(text: string, index: number): string {
  if (index >= text.length) return "";
  return String.fromCodePoint(text.codePointAt(index)!);
}

/** Whether two touching characters are parts of one word. */
function joined(left: string, right: string): boolean {
  if (!left || !right) return false;
  if (!WORD.test(left) || !WORD.test(right)) return false;
  // A mark belongs to the letter before it, whatever the script.
  if (/\p{M}/u.test(right)) return true;
  return !UNSPACED.test(left) && !UNSPACED.test(right);
}

export function isWholeWord(text: string, start: number, end: number): boolean {
  if (end <= start) return false;
  return !joined(codePointBefore(text, start), codePointAt(text, start)) && !joined(codePointBefore(text, end), codePointAt(text, end));
}
