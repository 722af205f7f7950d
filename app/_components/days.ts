// Calendar days as the goals API speaks them: "YYYY-MM-DD" in the writer's time zone. Arithmetic
// runs on the date at noon UTC, so no daylight-saving change can move a day across midnight. Days
// are shown in words by i18n/dates.ts (`dates.day`, `dates.month`, `dates.weekday`), never here.

const at = (day: string) => new Date(`${day}T12:00:00Z`);
const iso = (date: Date) => date.toISOString().slice(0, 10);

/** The calendar day a moment falls on in a time zone (en-CA writes dates as YYYY-MM-DD): a key, never shown. */
export function dayIn(timeZone: string, moment: Date | string = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(moment));
}

/** Today in a time zone. */
export function todayIn(timeZone: string): string {
  return dayIn(timeZone);
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

/** Monday first, as most of the writers' calendars are; values as GoalSettings.daysOff. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 0] as const;
