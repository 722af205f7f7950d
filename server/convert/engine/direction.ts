/**
 * Which way a book and a paragraph run. A book in Arabic, Hebrew, Persian, Urdu … runs right to
 * left as a whole (its language says so); a paragraph whose first letter is right-to-left runs so
 * in any book, and one whose first letter is not runs left to right in a right-to-left book (the
 * rule of HTML's dir="auto", written out for readers and typesetters that do not apply it).
 */

const RTL_LANGUAGES = new Set(["ar", "he", "iw", "fa", "ur", "yi", "ps", "sd", "ug", "dv", "ckb"]);
/** A right-to-left letter (Hebrew, Arabic, Syriac, Thaana, N'Ko and their presentation forms). */
const RTL_LETTER = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/u;
const LETTER = /\p{L}/u;

export type Direction = "ltr" | "rtl";

export function bookDirection(language: string | undefined): Direction {
  return RTL_LANGUAGES.has((language ?? "").trim().split(/[-_]/)[0]!.toLowerCase()) ? "rtl" : "ltr";
}

/** The direction of a paragraph's first letter; none, for a paragraph without letters. */
export function textDirection(text: string): Direction | undefined {
  for (const char of text) if (LETTER.test(char)) return RTL_LETTER.test(char) ? "rtl" : "ltr";
  return undefined;
}

/** The direction a paragraph must be marked with in a book, when it is not the book's own. */
export function paragraphDirection(text: string, book: Direction): Direction | undefined {
  const direction = textDirection(text);
  return direction && direction !== book ? direction : undefined;
}
