/**
 * Calendar days (`YYYY-MM-DD`) in a writer's IANA time zone: the ledger, goals, streaks and
 * release dates all count in them. A day is a plain string, so days compare and sort as text.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let format = formatters.get(zone);
  if (!format) {
    // en-CA writes a date as YYYY-MM-DD. Made once per zone: a formatter costs far more to build than to use.
    format = new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" });
    formatters.set(zone, format);
  }
  return format;
}

/** The zone's canonical name if it is an IANA zone (in any letter case), else null; offsets such as "+08:00" are not zones. */
export function canonicalTimeZone(zone: string): string | null {
  if (!/^[A-Za-z]/.test(zone) || zone.length > 64) return null;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** The calendar day an instant falls on in a zone. */
export function dayIn(zone: string, instant: Date): string {
  return formatter(zone).format(instant);
}

const DAY_MS = 86_400_000;

function toUtc(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

export function addDays(day: string, days: number): string {
  return new Date(toUtc(day) + days * DAY_MS).toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(day: string): number {
  return new Date(toUtc(day)).getUTCDay();
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtc(to) - toUtc(from)) / DAY_MS);
}

/** Whether a string is a real calendar day written YYYY-MM-DD (2026-02-30 is not). */
export function isCalendarDay(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(toUtc(value)) && new Date(toUtc(value)).toISOString().startsWith(value);
}

/** Days off as stored (a bit per weekday) and as the API says them (weekday numbers, Sunday 0). */
export function daysOffList(mask: number): number[] {
  return [0, 1, 2, 3, 4, 5, 6].filter((d) => (mask & (1 << d)) !== 0);
}

export function daysOffMask(days: readonly number[]): number {
  return days.reduce((mask, d) => mask | (1 << d), 0);
}

/** Writing days from `from` to `to`, both included, leaving out the weekdays in `daysOff` (a mask). */
export function writingDaysBetween(from: string, to: string, daysOff: number): number {
  const span = daysBetween(from, to) + 1;
  if (span <= 0) return 0;
  const weeks = Math.floor(span / 7);
  const offPerWeek = daysOffList(daysOff).length;
  let count = weeks * (7 - offPerWeek);
  const first = weekday(from);
  for (let i = weeks * 7; i < span; i++) if ((daysOff & (1 << ((first + i) % 7))) === 0) count++;
  return count;
}
