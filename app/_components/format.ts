import type { Locale } from "@/i18n/locales";
import { translatorFor } from "@/i18n/translator";
import { countsCharacters } from "@/server/books/language";

// Numbers and lengths in the page's language (decision 0504). Dates are i18n/dates.ts's alone
// (decision 0516): useDates() in a client component, getDates() in a server component.

const wholes = new Map<Locale, Intl.NumberFormat>();
const whole = (locale: Locale) => wholes.get(locale) ?? wholes.set(locale, new Intl.NumberFormat(locale)).get(locale)!;

export function formatNumber(n: number, locale: Locale = "en"): string {
  return whole(locale).format(n);
}

/**
 * "1 word", "2,417 words"; "2,417 characters" for a book in a language counted in characters
 * (Chinese, Japanese), whose count is one per character. In Chinese: "2,417 词", "2,417 字".
 */
export function formatWords(n: number, language = "en", locale: Locale = "en"): string {
  return translatorFor(locale, "shell.units")(countsCharacters(language) ? "characters" : "words", { count: n });
}
