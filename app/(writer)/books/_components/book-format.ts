import { createFormatter } from "use-intl/core";
import type { Locale } from "@/i18n/locales";
import { countsCharacters } from "@/server/books/language";

type Formatter = ReturnType<typeof createFormatter>;
type UnitKey = "words" | "characters" | "justNow";
/** The `books.units` words, from useTranslations on a client or getT on the server. */
type Units = (key: UnitKey, values?: { count: number }) => string;

const WEEK_SECONDS = 7 * 24 * 60 * 60;
const DATE = { day: "numeric", month: "short", year: "numeric" } as const;

/**
 * The books pages' lengths, dates and times in the page's language (decision 0510): "2,417 words"
 * or "2,417 characters" by the book's language, "2,417 字" in Chinese; dates as the locale writes them.
 */
export function bookFormat(units: Units, format: Formatter, dates: Formatter = format) {
  return {
    number: (n: number) => format.number(n),
    /** A length in the book's unit: characters for a language counted in characters (Chinese, Japanese). */
    length: (n: number, language = "en") => units(countsCharacters(language) ? "characters" : "words", { count: n }),
    dateTime: (iso: string) => dates.dateTime(new Date(iso), { ...DATE, hour: "2-digit", minute: "2-digit" }),
    date: (iso: string) => dates.dateTime(new Date(iso), DATE),
    /** A calendar day ("YYYY-MM-DD"), read at noon UTC so no time zone moves it to the next. */
    day: (day: string) => dates.dateTime(new Date(`${day}T12:00:00Z`), { weekday: "short", ...DATE, timeZone: "UTC" }),
    month: (day: string) => dates.dateTime(new Date(`${day}T12:00:00Z`), { month: "long", year: "numeric", timeZone: "UTC" }),
    /** "3 minutes ago", "yesterday"; "just now" under a minute; the date once it is over a week old. */
    relative(iso: string, now = Date.now()) {
      const date = new Date(iso);
      const seconds = Math.abs(date.getTime() - now) / 1000;
      if (seconds < 60) return units("justNow");
      if (seconds >= WEEK_SECONDS) return dates.dateTime(date, DATE);
      return format.relativeTime(date, now);
    },
  };
}

export type BookFormat = ReturnType<typeof bookFormat>;

/**
 * The formatter a page's dates are written with: English's day before month, as Inkstone has always
 * written them ("Sat, 5 Dec 2026", en-GB: English's words kept exactly, decision 0510); every other
 * language's own.
 */
export function datesIn(locale: string, timeZone: string, format: Formatter): Formatter {
  // en-GB is a tag for Intl only, not one of the interface's languages (which the Locale type lists).
  return locale === "en" ? createFormatter({ locale: "en-GB" as Locale, timeZone }) : format;
}
