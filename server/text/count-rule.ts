import { countCjkPunctuation } from "./cjk-punctuation";
import type { CountRule } from "./text-rules";
import { countWords } from "./word-count";

/**
 * How a book counts its length (issue 32 item 2, decision 0491), one rule per book for every
 * figure it shows: the editor's counter, chapter and book totals, goals, the ledger and streaks,
 * release minimums and the counts exports state.
 *
 * - `words`: Latin-script words (a run of letters or digits, with what joins inside it: don't,
 *   well-known, 1,000.50), one per Han or kana character besides, as Word counts words.
 * - `characters`: 字数 as 起点, 番茄 and Word's Chinese word count give it: `words`, plus each
 *   full-width punctuation mark (，。、！？：；「」《》…) and the marks Chinese shares with English
 *   (“ ” ‘ ’ … —) where they stand in Chinese text, plus each run of half-width marks or symbols
 *   that stands apart from any Latin word (countLoneMarks).
 * - `charactersWithoutPunctuation`: the Han characters and Latin words alone, what Inkstone counted
 *   for every book before; it differs from `words` only in what the figure is called (字 rather
 *   than words).
 */
export { COUNT_RULES, type CountRule } from "./text-rules";

/**
 * A plain text's length by `rule`. Linear: countWords, countCjkPunctuation and countLoneMarks are
 * each one pass over the text, with no regular expression on it.
 */
export function countText(text: string, rule: CountRule): number {
  const words = countWords(text);
  return rule === "characters" ? words + countCjkPunctuation(text) + countLoneMarks(text) : words;
}

const SPACE = 0;
/** a letter or digit of a spaced script: part of a Latin word or a number, which countWords counts */
const WORD = 1;
/** a Han, kana or Hangul letter, or a mark countCjkPunctuation counts: a word of its own */
const CJK = 2;
/** a combining mark, a joiner or a variation selector: the class of what it follows */
const EXTEND = 3;
/** anything else: half-width punctuation and symbols, emoji */
const MARK = 4;

/**
 * Marks that stand on their own in `characters`, as Word's Chinese word count has them: a run of
 * half-width punctuation or symbols (an emoji included) with no letter or digit of a spaced script
 * beside it is one word (`却反来?吓` is five, `他说...` three), as Word counts each run of
 * non-Asian characters between blanks and Asian characters. Beside a Latin word it is part of the
 * word (`hello!`, `1,000`), which countWords already counted once.
 */
export function countLoneMarks(text: string): number {
  let count = 0;
  let before = SPACE; // the class of the last character that was not EXTEND, before the run
  let inRun = false;
  for (let i = 0; i < text.length; ) {
    const point = text.codePointAt(i)!;
    const width = point > 0xffff ? 2 : 1;
    const kind = classOf(point);
    i += width;
    if (kind === EXTEND) continue;
    if (kind === MARK) {
      if (!inRun) {
        inRun = true;
        // Counted now, taken back if a word follows the run.
        if (before !== WORD) count++;
      }
      continue;
    }
    if (inRun && kind === WORD && before !== WORD) count--;
    inRun = false;
    before = kind;
  }
  return count;
}

let bmpClasses: Uint8Array | undefined;
const IS_SPACE = /^\s$/u;
const IS_WORD = /^[\p{L}\p{N}]$/u;
const IS_CJK = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65\ufe10-\ufe1f\ufe30-\ufe6f\u201c\u201d\u2018\u2019\u2026\u2014\u2013\u00b7\u2027\u30fb]$/u;
const IS_EXTEND = /^[\p{M}\p{Cf}]$/u;

function classify(character: string): number {
  if (IS_SPACE.test(character)) return SPACE;
  if (IS_CJK.test(character)) return CJK;
  if (IS_WORD.test(character)) return WORD;
  if (IS_EXTEND.test(character)) return EXTEND;
  return MARK;
}

/** A character's class: from a table of every UTF-16 code unit built on first use, astral ones each tested alone (a constant-time test). */
function classOf(point: number): number {
  if (point > 0xffff) return classify(String.fromCodePoint(point));
  if (!bmpClasses) {
    bmpClasses = new Uint8Array(0x10000);
    for (let code = 0; code < 0x10000; code++) bmpClasses[code] = code >= 0xd800 && code <= 0xdfff ? MARK : classify(String.fromCharCode(code));
  }
  return bmpClasses[point]!;
}

/** Whether the rule's figure is called characters (字) rather than words. */
export function countsInCharacters(rule: CountRule): boolean {
  return rule !== "words";
}
