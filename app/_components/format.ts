import type { Locale } from "@/i18n/locales";
import { translatorFor } from "@/i18n/translator";
import { countsCharacters } from "@/server/books/language";

// Dates and numbers in the page's language (decision 0504). `locale` is optional so pages not yet
// given theirs keep today's English; English keeps its British day-month order ("3 Mar 2026").
const intlTag = (locale: Locale) => (locale === "en" ? "en-GB" : locale);

const cached = <T,>(make: (locale: Locale) => T) => {
  const made = new Map<Locale, T>();
  return (locale: Locale) => made.get(locale) ?? made.set(locale, make(locale)).get(locale)!;
};
const dateTime = cached((l) => new Intl.DateTimeFormat(intlTag(l), { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" }));
const dateOnly = cached((l) => new Intl.DateTimeFormat(intlTag(l), { day: "numeric", month: "short", year: "numeric" }));
const whole = cached((l) => new Intl.NumberFormat(intlTag(l)));
const relative = cached((l) => new Intl.RelativeTimeFormat(intlTag(l), { numeric: "auto" }));

/** "3 Mar 2026, 14:05" ("2026年3月3日 14:05") in the server's time zone (a self-hosted server usually shares the writer's). */
export function formatDateTime(iso: string, locale: Locale = "en"): string {
  return dateTime(locale).format(new Date(iso));
}

export function formatDate(iso: string, locale: Locale = "en"): string {
  return dateOnly(locale).format(new Date(iso));
}

export function formatNumber(n: number, locale: Locale = "en"): string {
  return whole(locale).format(n);
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["minute", 60],
  ["hour", 60 * 60],
  ["day", 24 * 60 * 60],
];

/** "3 minutes ago", "yesterday", "4 days ago"; a date once it is over a week old. */
export function formatRelative(iso: string, now = Date.now(), locale: Locale = "en"): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  if (Math.abs(seconds) < 60) return translatorFor(locale, "shell.units")("justNow");
  if (Math.abs(seconds) >= 7 * 24 * 60 * 60) return formatDate(iso, locale);
  const [unit, size] = UNITS.findLast(([, size]) => Math.abs(seconds) >= size) ?? UNITS[0]!;
  return relative(locale).format(Math.round(seconds / size), unit);
}

/**
 * "1 word", "2,417 words"; "2,417 characters" for a book in a language counted in characters
 * (Chinese, Japanese), whose count is one per character. In Chinese: "2,417 词", "2,417 字".
 */
export function formatWords(n: number, language = "en", locale: Locale = "en"): string {
  return translatorFor(locale, "shell.units")(countsCharacters(language) ? "characters" : "words", { count: n });
}
