/**
 * Words in a chapter's text: Latin-script (and other spaced-script) words, plus one per CJK
 * character, as Chinese and Japanese writers count 字数.
 *
 * Word boundaries follow Unicode's word-break rules (UAX #29, as Intl.Segmenter applies them) in
 * one linear pass over the text: `Intl.Segmenter` gives the same counts but cost 2.3 s of
 * event-loop time on a 5 MiB chapter, which stalled every other writer on the server. The rules
 * kept are the ones prose meets: letters and digits join, `don't`, `e.g.`, `1,000.50` and
 * `snake_case` are one word each. One rule beyond UAX #29, as Word counts English: a hyphen
 * between letters or digits joins them (`well-known`, `COVID-19` are one word); dashes and a
 * hyphen with a blank beside it separate. Scripts written without spaces and
 * without CJK's one-word-per-character convention (Thai, Lao, Khmer, Myanmar) need a dictionary, so
 * their runs alone go to the segmenter.
 */
export function countWords(text: string): number {
  const classes = codeUnitClasses();
  let count = 0;
  let inWord = false;
  let wordStart = 0;
  let wordCounted = false;
  let last = OTHER; // the last letter, digit or connector of the current word

  for (let i = 0; i < text.length; ) {
    const code = text.charCodeAt(i);
    let kind = classes[code]!;
    let width = 1;
    if (kind === SURROGATE) {
      const point = text.codePointAt(i)!;
      kind = point > 0xffff ? astralClass(point) : OTHER;
      width = point > 0xffff ? 2 : 1;
    }

    if (kind === LETTER || kind === DIGIT || kind === CONNECTOR || kind === HANGUL) {
      // Hangul words join only Hangul, as the segmenter has it.
      if (!inWord || (kind === HANGUL) !== (last === HANGUL)) {
        wordStart = i;
        wordCounted = false;
      }
      // A run of underscores alone (a Markdown rule, say) is no word.
      if (!wordCounted && kind !== CONNECTOR) {
        count++;
        wordCounted = true;
      }
      inWord = true;
      last = kind;
    } else if (kind === EXTEND) {
      // Marks and format characters belong to whatever precedes them (rule WB4).
    } else if (kind === DICTIONARY) {
      // The dictionary's words may take in the letters on either side, so the whole stretch
      // between breaks goes to the segmenter, including the word it interrupts.
      const start = inWord ? wordStart : i;
      if (inWord && wordCounted) count--;
      const end = stretchEnd(text, i, classes);
      count += countWithSegmenter(text.slice(start, end));
      inWord = false;
      i = end;
      continue;
    } else if (inWord && joinsAcross(kind, last, nextClass(text, i + width, classes))) {
      // A full stop, apostrophe, colon or comma inside a word or number.
    } else {
      inWord = false;
      if (kind === COUNTED) count++;
    }
    i += width;
  }
  return count;
}

const OTHER = 0;
const COUNTED = 1;
const LETTER = 2;
const DIGIT = 3;
const CONNECTOR = 4; // ExtendNumLet: _ and its kin join anything word-like
const MID_LETTER = 5; // joins two letters
const MID_NUMBER = 6; // joins two digits
const MID_EITHER = 7; // joins two letters or two digits
const EXTEND = 8;
const DICTIONARY = 9;
const SURROGATE = 10;
const HANGUL = 11;
const HYPHEN = 12; // joins two letters or digits, as Word counts a compound

const MID_LETTERS = ":\u00b7\u0387\u055f\u05f4\u2027\ufe13\ufe55\uff1a";
const MID_NUMBERS = ",;\u037e\u0589\u060c\u060d\u066c\u07f8\u2044\ufe10\ufe14\ufe50\ufe54\uff0c\uff1b";
const MID_EITHERS = ".'\u2018\u2019\u2024\ufe52\uff07\uff0e";
// The prolonged sound mark and the kana voicing marks are written as characters of the word
// (コーヒー is four), though Unicode files them under no script.
const KANA_MARKS = "\u309b\u309c\u30a0\u30fc\uff70\uff9e\uff9f";
// The hyphen-minus, the hyphen and the non-breaking hyphen; not the soft hyphen (a format
// character already inside its word) nor the en and em dashes, which stand between words.
const HYPHENS = "-\u2010\u2011";

const IS_COUNTED = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]$/u;
const IS_LETTER = /^[\p{L}\p{Nl}]$/u;
const IS_HANGUL = /^\p{Script=Hangul}$/u;
const IS_DIGIT = /^\p{Nd}$/u;
const IS_CONNECTOR = /^[\p{Pc}\u202f]$/u;
const IS_EXTEND = /^[\p{M}\p{Cf}]$/u;
const IS_DICTIONARY =
  /^[\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}\p{Script=Tai_Tham}\p{Script=Tai_Le}\p{Script=New_Tai_Lue}\p{Script=Tai_Viet}]$/u;

function classify(character: string): number {
  if (KANA_MARKS.includes(character)) return COUNTED;
  if (IS_DICTIONARY.test(character)) return IS_EXTEND.test(character) ? EXTEND : DICTIONARY;
  if (IS_EXTEND.test(character)) return EXTEND;
  if (IS_LETTER.test(character)) {
    if (IS_COUNTED.test(character)) return COUNTED;
    return IS_HANGUL.test(character) ? HANGUL : LETTER;
  }
  if (IS_DIGIT.test(character)) return DIGIT;
  if (IS_CONNECTOR.test(character)) return CONNECTOR;
  if (HYPHENS.includes(character)) return HYPHEN;
  if (MID_LETTERS.includes(character)) return MID_LETTER;
  if (MID_NUMBERS.includes(character)) return MID_NUMBER;
  if (MID_EITHERS.includes(character)) return MID_EITHER;
  return OTHER;
}

let bmpClasses: Uint8Array | undefined;

/** The class of every UTF-16 code unit, built once on first use (about 20 ms). */
function codeUnitClasses(): Uint8Array {
  if (bmpClasses) return bmpClasses;
  const table = new Uint8Array(0x10000);
  for (let code = 0; code < 0x10000; code++) {
    table[code] = code >= 0xd800 && code <= 0xdfff ? SURROGATE : classify(String.fromCharCode(code));
  }
  return (bmpClasses = table);
}

const astralClasses = new Map<number, number>();

function astralClass(point: number): number {
  let kind = astralClasses.get(point);
  if (kind === undefined) {
    kind = classify(String.fromCodePoint(point));
    if (astralClasses.size < 4096) astralClasses.set(point, kind);
  }
  return kind;
}

/** The class of the next character that is not a mark or format character. */
function nextClass(text: string, from: number, classes: Uint8Array): number {
  for (let i = from; i < text.length; i++) {
    const kind = classes[text.charCodeAt(i)]!;
    if (kind === EXTEND) continue;
    if (kind !== SURROGATE) return kind;
    const point = text.codePointAt(i)!;
    const astral = point > 0xffff ? astralClass(point) : OTHER;
    if (astral !== EXTEND) return astral;
    i++;
  }
  return OTHER;
}

function joinsAcross(mid: number, before: number, after: number): boolean {
  if (mid === HYPHEN) return (before === LETTER || before === DIGIT) && (after === LETTER || after === DIGIT);
  if (before === LETTER && after === LETTER) return mid === MID_LETTER || mid === MID_EITHER;
  if (before === DIGIT && after === DIGIT) return mid === MID_NUMBER || mid === MID_EITHER;
  return false;
}

/** Where the next character that always breaks a word (space, symbol, CJK) stands. */
function stretchEnd(text: string, from: number, classes: Uint8Array): number {
  let end = from;
  while (end < text.length && classes[text.charCodeAt(end)] !== OTHER && classes[text.charCodeAt(end)] !== COUNTED) end++;
  return end;
}

let segmenter: Intl.Segmenter | undefined;

function countWithSegmenter(run: string): number {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: "word" });
  let count = 0;
  for (const { isWordLike } of segmenter.segment(run)) if (isWordLike) count++;
  return count;
}
