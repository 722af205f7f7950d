import type { Locale } from "@/i18n/locales";

// Calendar days as the goals API speaks them: "YYYY-MM-DD" in the writer's time zone. Arithmetic
// runs on the date at noon UTC, so no daylight-saving change can move a day across midnight.

const at = (day: string) => new Date(`${day}T12:00:00Z`);
const iso = (date: Date) => date.toISOString().slice(0, 10);

/** Today in a time zone (en-CA writes dates as YYYY-MM-DD). */
export function todayIn(timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
}

export function addDays(day: string, days: number): string {
  const date = at(day);
  date.setUTCDate(date.getUTCDate() + days);
  return iso(date);
}

/** 0 = Sunday … 6 = Saturday, as GoalSettings.daysOff counts them. */
export function weekday(day: string): number {
  return at(day).getUTCDay();
}

/** The first day of the month a day falls in, and of the months before or after it. */
export function monthStart(day: string, monthsLater = 0): string {
  const date = at(day);
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + monthsLater);
  return iso(date);
}

const dayFormats = new Map<string, { day: Intl.DateTimeFormat; month: Intl.DateTimeFormat; weekday: Intl.DateTimeFormat }>();
/** English keeps its British order ("Wed, 25 Nov 2026"); any other language writes dates its own way. */
function formatsFor(locale: Locale) {
  const tag = locale === "en" ? "en-GB" : locale;
  let formats = dayFormats.get(tag);
  if (!formats) {
    formats = {
      day: new Intl.DateTimeFormat(tag, { weekday: "short", day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }),
      month: new Intl.DateTimeFormat(tag, { month: "long", year: "numeric", timeZone: "UTC" }),
      weekday: new Intl.DateTimeFormat(tag, { weekday: "long", timeZone: "UTC" }),
    };
    dayFormats.set(tag, formats);
  }
  return formats;
}

/** "Wed, 25 Nov 2026"; "2026年11月25日周三" */
export function formatDay(day: string, locale: Locale = "en"): string {
  return formatsFor(locale).day.format(at(day));
}

/** "November 2026"; "2026年11月" */
export function formatMonth(day: string, locale: Locale = "en"): string {
  return formatsFor(locale).month.format(at(day));
}

/** A weekday's name (0 = Sunday, as WEEKDAYS' values): "Monday", "星期一". */
export function weekdayName(value: number, locale: Locale = "en"): string {
  // 2026-11-01 was a Sunday.
  return formatsFor(locale).weekday.format(at(addDays("2026-11-01", value)));
}

/** Monday first, as most of the writers' calendars are; values as GoalSettings.daysOff. */
export const WEEKDAYS = [
  { value: 1, name: "Monday", short: "Mon" },
  { value: 2, name: "Tuesday", short: "Tue" },
  { value: 3, name: "Wednesday", short: "Wed" },
  { value: 4, name: "Thursday", short: "Thu" },
  { value: 5, name: "Friday", short: "Fri" },
  { value: 6, name: "Saturday", short: "Sat" },
  { value: 0, name: "Sunday", short: "Sun" },
] as const;
