import { addDays, daysBetween, weekday } from "../goals/calendar";

export const CADENCES = ["daily", "weekdays", "weekly"] as const;
export type Cadence = (typeof CADENCES)[number];

/** The most chapters a release day can take: one an hour. */
export const MOST_RELEASES_PER_DAY = 24;

/**
 * A serial plan as the arithmetic needs it: how often (the cadence, weekly ones on `start`'s
 * weekday), how many chapters each release day (两更: 2) and at what times of day, if any.
 */
export interface Schedule {
  cadence: Cadence | null;
  start: string | null;
  /** chapters each release day; 1 unless said */
  perDay?: number;
  /** "HH:MM" each, one per chapter of a release day, in order; none: days without times */
  times?: readonly string[];
}

/** One chapter's place in a plan: its day and, when the plan names times, its time. */
export interface Slot {
  date: string;
  time: string | null;
}

/** Whether a cadence releases on a day, counting weekly ones from `start`'s weekday. */
export function releasesOn(cadence: Cadence, start: string, day: string): boolean {
  if (cadence === "daily") return true;
  if (cadence === "weekdays") return weekday(day) !== 0 && weekday(day) !== 6;
  return weekday(day) === weekday(start);
}

/** The cadence's first `count` release days on or after `from` (a plan's start, or today). */
export function releaseDays(cadence: Cadence, start: string, from: string, count: number): string[] {
  const days: string[] = [];
  for (let day = from; days.length < count; day = addDays(day, 1)) if (releasesOn(cadence, start, day)) days.push(day);
  return days;
}

/**
 * The plan's first `count` release slots on or after `from`: each release day of the cadence in
 * turn, `perDay` chapters a day, at the plan's times in order.
 */
export function releaseSlots(schedule: Schedule & { cadence: Cadence }, start: string, from: string, count: number): Slot[] {
  const perDay = schedule.perDay ?? 1;
  const days = releaseDays(schedule.cadence, start, from, Math.ceil(count / perDay));
  const slots: Slot[] = [];
  for (const date of days) for (let i = 0; i < perDay && slots.length < count; i++) slots.push({ date, time: schedule.times?.[i] ?? null });
  return slots;
}

/** The first release day a cadence still has ahead: the plan's start, or today once it has begun. */
function firstOpenDay(schedule: Schedule, today: string): string {
  return schedule.start && schedule.start > today ? schedule.start : today;
}

/**
 * How many days of releases the buffer covers (decision 0502): from the first release day still
 * ahead (today, or the plan's start when it is later) to the first release that would find no
 * chapter ready. Four chapters daily from tomorrow cover 4 days, not 5; four at two a day cover 2;
 * three weekly cover 21. Without a cadence, the days from the first buffered chapter's own day on
 * or after today through the last one's, two chapters on one day counting that day once.
 */
export function bufferDays(schedule: Schedule, buffered: readonly { releaseDate: string | null }[], today: string): number {
  return bufferOf(schedule, buffered, today).days;
}

/** The buffer's days and the first release it cannot fill (null without a cadence, or with nothing written). */
export function bufferOf(schedule: Schedule, buffered: readonly { releaseDate: string | null }[], today: string): { days: number; runsOut: Slot | null } {
  if (buffered.length === 0) return { days: 0, runsOut: null };
  if (schedule.cadence) {
    const from = firstOpenDay(schedule, today);
    const slots = releaseSlots({ ...schedule, cadence: schedule.cadence }, schedule.start ?? today, from, buffered.length + 1);
    const runsOut = slots.at(-1)!;
    return { days: daysBetween(slots[0]!.date, runsOut.date), runsOut };
  }
  const ahead = buffered.map((c) => c.releaseDate).filter((day): day is string => day !== null && day >= today);
  if (ahead.length === 0) return { days: 0, runsOut: null };
  const first = ahead.reduce((a, b) => (b < a ? b : a));
  const last = ahead.reduce((a, b) => (b > a ? b : a));
  return { days: daysBetween(first, last) + 1, runsOut: null };
}

/**
 * The chapters a minimum buffer of `days` asks for: the cadence's releases in that many days from
 * its first open day (7 days at two a day: 14; 10 days weekly: 2). Without a cadence, days do not
 * say chapters: null.
 */
export function minimumBufferChapters(schedule: Schedule, days: number, today: string): number | null {
  if (!schedule.cadence) return null;
  const from = firstOpenDay(schedule, today);
  const start = schedule.start ?? today;
  let releaseDaysInside = 0;
  for (let day = from, i = 0; i < days; day = addDays(day, 1), i++) if (releasesOn(schedule.cadence, start, day)) releaseDaysInside++;
  return releaseDaysInside * (schedule.perDay ?? 1);
}

/**
 * The run of release days with a release (decision 0502): the days chapters came out on, in a row
 * by the cadence. A release day of the cadence without one breaks the run; other days (a weekend
 * of a weekdays plan) neither count nor break it, unless a chapter came out on them. Today is not
 * over: a run that reached the last release day before it still stands. Without a cadence every
 * day is a release day.
 */
export function releaseStreak(schedule: Schedule, releasedOn: readonly string[], today: string): { current: number; longest: number } {
  const days = [...new Set(releasedOn.filter((day) => day <= today))].sort();
  if (days.length === 0) return { current: 0, longest: 0 };
  const start = schedule.start ?? days[0]!;
  /** Whether a release day of the cadence lies strictly between two days. */
  const missedBetween = (from: string, to: string): boolean => {
    const gap = daysBetween(from, to) - 1;
    // Every cadence releases at least once in any seven days in a row.
    if (gap >= 7) return true;
    for (let i = 1; i <= gap; i++) if (!schedule.cadence || releasesOn(schedule.cadence, start, addDays(from, i))) return true;
    return false;
  };
  let run = 1;
  let longest = 1;
  for (let i = 1; i < days.length; i++) {
    run = missedBetween(days[i - 1]!, days[i]!) ? 1 : run + 1;
    longest = Math.max(longest, run);
  }
  const current = missedBetween(days.at(-1)!, today) ? 0 : run;
  return { current, longest };
}
