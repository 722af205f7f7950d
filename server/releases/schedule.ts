import { addDays, daysBetween, weekday } from "../goals/calendar";

export const CADENCES = ["daily", "weekdays", "weekly"] as const;
export type Cadence = (typeof CADENCES)[number];

/** Whether a cadence releases on a day, counting weekly ones from `start`'s weekday. */
function releasesOn(cadence: Cadence, start: string, day: string): boolean {
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
 * How many days of releases the buffer covers, from today: the days until the first release day
 * that would find no chapter ready. By the cadence when there is one (3 chapters released weekly
 * cover 21 days); without one, through the last buffered chapter's own date.
 */
export function bufferDays(plan: { cadence: Cadence | null; start: string | null }, buffered: readonly { releaseDate: string | null }[], today: string): number {
  if (buffered.length === 0) return 0;
  if (plan.cadence) {
    const from = plan.start && plan.start > today ? plan.start : today;
    const uncovered = releaseDays(plan.cadence, plan.start ?? today, from, buffered.length + 1).at(-1)!;
    return daysBetween(today, uncovered);
  }
  const last = buffered.reduce<string | null>((latest, c) => (c.releaseDate && (!latest || c.releaseDate > latest) ? c.releaseDate : latest), null);
  return last && last >= today ? daysBetween(today, last) + 1 : 0;
}
