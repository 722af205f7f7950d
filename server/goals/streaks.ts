import { addDays, weekday } from "./calendar";

/**
 * Streaks of days that met the daily goal (net words, typed less deleted, ≥ the goal; with no goal,
 * one net word: server/goals/rule.ts). A day off that missed the goal neither breaks a streak nor adds to it; one that met it
 * adds. Today, still under way, adds once met and breaks nothing before it ends.
 */
export interface StreakRule {
  dailyGoal: number | null;
  /** a bit per weekday, Sunday 1 */
  daysOff: number;
}

function met(net: number, rule: StreakRule): boolean {
  return net >= (rule.dailyGoal ?? 1);
}

function isDayOff(day: string, rule: StreakRule): boolean {
  return (rule.daysOff & (1 << weekday(day))) !== 0;
}

/** The streak standing today, from net words per day (days missing wrote nothing). */
export function currentStreak(net: ReadonlyMap<string, number>, today: string, rule: StreakRule, earliest: string): number {
  let streak = met(net.get(today) ?? 0, rule) ? 1 : 0;
  for (let day = addDays(today, -1); day >= earliest; day = addDays(day, -1)) {
    if (met(net.get(day) ?? 0, rule)) streak++;
    else if (!isDayOff(day, rule)) break;
  }
  return streak;
}

/** The longest streak between two days, both included. */
export function longestStreak(net: ReadonlyMap<string, number>, from: string, to: string, rule: StreakRule): number {
  let longest = 0;
  let run = 0;
  for (let day = from; day <= to; day = addDays(day, 1)) {
    if (met(net.get(day) ?? 0, rule)) longest = Math.max(longest, ++run);
    else if (!isDayOff(day, rule)) run = 0;
  }
  return longest;
}
