import type { createFormatter } from "use-intl/core";
import { countsCharacters } from "@/server/books/language";

type Formatter = ReturnType<typeof createFormatter>;
type UnitKey = "words" | "characters";
/** The `books.units` words, from useTranslations on a client or getT on the server. */
type Units = (key: UnitKey, values?: { count: number }) => string;

/**
 * The books pages' numbers and lengths in the page's language (decision 0510): "2,417 words" or
 * "2,417 characters" by the book's language, "2,417 字" in Chinese. Their dates are i18n/dates.ts's,
 * as every page's (decision 0516).
 */
export function bookFormat(units: Units, format: Formatter) {
  return {
    number: (n: number) => format.number(n),
    /** A length in the book's unit: characters for a language counted in characters (Chinese, Japanese). */
    length: (n: number, language = "en") => units(countsCharacters(language) ? "characters" : "words", { count: n }),
  };
}

export type BookFormat = ReturnType<typeof bookFormat>;
