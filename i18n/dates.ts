import type { createFormatter, DateTimeFormatOptions } from "use-intl/core";
import { MESSAGES } from "./catalog";
import type { Locale } from "./locales";

/**
 * Every date and time a page shows, one way (decision 0516). The named formats below are given to
 * use-intl by the IntlProvider (client components' `useFormatter`) and by `formatterFor` (server
 * components' `getFormat`, e-mails), so `format.dateTime(when, "date")` is the same words wherever it
 * runs; `datesOf` wraps them for what pages show: a moment, a calendar day, a month, a weekday, a time
 * ago. Pages ask for it with `useDates()` (app/_i18n/use-dates.ts) or `await getDates()`
 * (app/_i18n/server.ts) and never pass options of their own: test/unit/dates.test.ts fails on a page
 * that formats a date any other way.
 *
 * Each language writes the named formats its own way from its locale: English (`en`) "Mar 3, 2026",
 * "Mar 3, 2026, 2:05 PM", "Tue, Mar 3, 2026"; Chinese "2026年3月3日", "2026年3月3日 14:05",
 * "2026年3月3日周二". The sets differ only in the clock today; a language whose writers want other
 * fields (a numeric month, no weekday) is given them in FORMATS.
 */

const DATE = { year: "numeric", month: "short", day: "numeric" } as const satisfies DateTimeFormatOptions;

/** How a language writes a time of day: "2:05 PM" in English, "14:05" (two digits, "06:30") in Chinese. */
type Clock = Pick<DateTimeFormatOptions, "hour" | "minute" | "hourCycle">;

/**
 * The named formats, given a language's clock. A moment (an ISO time the API gives) is shown in the
 * writer's time zone; a calendar day ("YYYY-MM-DD") and a wall-clock time ("HH:MM"), as goals,
 * releases and story dates keep them, are read as UTC and shown in UTC, so no time zone moves them.
 */
const namedFormats = (clock: Clock) =>
  ({
    dateTime: {
      /** a moment's date: "Mar 3, 2026", "2026年3月3日" */
      date: DATE,
      /** a moment: "Mar 3, 2026, 2:05 PM", "2026年3月3日 14:05" */
      dateTime: { ...DATE, ...clock },
      /** a calendar day: "Tue, Mar 3, 2026", "2026年3月3日周二" */
      day: { weekday: "short", ...DATE, timeZone: "UTC" },
      /** a calendar day at a wall-clock time: "Tue, Mar 3, 2026, 8:00 PM", "2026年3月3日周二 20:00" */
      dayTime: { weekday: "short", ...DATE, ...clock, timeZone: "UTC" },
      /** a calendar date without its weekday (a story's): "Mar 3, 1805", "1805年3月3日" */
      calendarDate: { ...DATE, timeZone: "UTC" },
      /** a calendar date at a wall-clock time: "Mar 3, 1805, 8:00 PM", "1805年3月3日 20:00" */
      calendarDateTime: { ...DATE, ...clock, timeZone: "UTC" },
      /** a wall-clock time: "8:00 PM", "20:00" */
      time: { ...clock, timeZone: "UTC" },
      /** a calendar month: "March 2026", "2026年3月" */
      month: { year: "numeric", month: "long", timeZone: "UTC" },
      /** "Tuesday", "星期二" */
      weekday: { weekday: "long", timeZone: "UTC" },
      /** "Tue", "周二" */
      weekdayShort: { weekday: "short", timeZone: "UTC" },
    },
  }) satisfies { dateTime: Record<string, DateTimeFormatOptions> };

export type NamedFormats = ReturnType<typeof namedFormats>;

/** The named formats of each language of the interface. */
export const FORMATS: Record<Locale, NamedFormats> = {
  en: namedFormats({ hour: "numeric", minute: "2-digit" }),
  "zh-CN": namedFormats({ hour: "2-digit", minute: "2-digit", hourCycle: "h23" }),
};

type Formatter = ReturnType<typeof createFormatter>;
/** A moment as the API gives it (ISO 8601) or as a Date. */
type Moment = string | Date;

const WEEK_SECONDS = 7 * 24 * 60 * 60;
const momentOf = (moment: Moment) => (moment instanceof Date ? moment : new Date(moment));
/**
 * A calendar day ("YYYY-MM-DD"; a story's year may be negative or past 9999) at a wall-clock time
 * ("HH:MM", noon without one), read as UTC, so that no time zone moves it to another day.
 */
function wallClock(day: string, time?: string | null): Date {
  const [, year, month, date] = /^(-?\d+)-(\d{1,2})-(\d{1,2})$/.exec(day) ?? [];
  const [hours, minutes] = (time ?? "12:00").split(":").map(Number);
  const at = new Date(Date.UTC(2000, Number(month) - 1, Number(date), hours, minutes));
  at.setUTCFullYear(Number(year));
  return at;
}

/**
 * The dates of a page in its language, from its formatter (`useFormatter()`, `getFormat()`, which
 * carry the language, the writer's time zone and FORMATS).
 */
export function datesOf(format: Formatter, locale: Locale) {
  const date = (moment: Moment) => format.dateTime(momentOf(moment), "date");
  return {
    date,
    dateTime: (moment: Moment) => format.dateTime(momentOf(moment), "dateTime"),
    /** A calendar day ("YYYY-MM-DD", as goals, releases and deadlines keep them), at its time ("HH:MM") when it has one. */
    day: (day: string, time?: string | null) => format.dateTime(wallClock(day, time), time ? "dayTime" : "day"),
    /** A calendar date without its weekday (a story's date), at its time when it has one; a year before 1 names its era ("501 BC", "公元前501年"). */
    calendarDate(day: string, time?: string | null) {
      const at = wallClock(day, time);
      if (Number.isNaN(at.getTime())) return [day, time].filter(Boolean).join(" ");
      return format.dateTime(at, time ? "calendarDateTime" : "calendarDate", at.getUTCFullYear() < 1 ? { era: "short" } : undefined);
    },
    /** A wall-clock time ("HH:MM"). */
    time: (time: string) => format.dateTime(wallClock("2026-01-01", time), "time"),
    /** The month a calendar day falls in. */
    month: (day: string) => format.dateTime(wallClock(day), "month"),
    /** A weekday's name; 0 = Sunday … 6 = Saturday, as GoalSettings.daysOff counts them (2026-11-01 was a Sunday). */
    weekday: (value: number, width: "long" | "short" = "long") => format.dateTime(new Date(Date.UTC(2026, 10, 1 + value, 12)), width === "long" ? "weekday" : "weekdayShort"),
    /** "just now" under a minute, "3 minutes ago", "in 2 days"; the date once it is a week away. */
    relative(moment: Moment, now = Date.now()) {
      const when = momentOf(moment);
      const seconds = Math.abs(when.getTime() - now) / 1000;
      if (seconds < 60) return MESSAGES[locale].shell.units.justNow;
      if (seconds >= WEEK_SECONDS) return date(when);
      return format.relativeTime(when, now);
    },
  };
}

export type Dates = ReturnType<typeof datesOf>;
