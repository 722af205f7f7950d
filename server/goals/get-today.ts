import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { addDays } from "./calendar";
import type { Today } from "./schemas";
import { currentStreak } from "./streaks";
import { ledgerDays, loadWriter, todayFor, totalsOf } from "./writer";

/** How far back a streak is looked for: three years of days, one indexed range. */
export const STREAK_LOOKBACK_DAYS = 1100;

// GET /api/v1/stats/today — today's words across every book and device, against the daily goal
export async function getToday(principal: Principal, now = new Date()): Promise<Today> {
  authorize(principal, "stats.today");
  const writer = await loadWriter(principal.userId);
  const date = todayFor(writer, now);
  const earliest = addDays(date, -STREAK_LOOKBACK_DAYS);
  const days = await ledgerDays(principal.userId, earliest, date);
  const today = totalsOf(days.filter((d) => d.date === date));
  const net = new Map(days.map((d) => [d.date, d.net]));
  return {
    date,
    timeZone: writer.timeZone,
    ...today,
    dailyGoal: writer.dailyGoal,
    met: writer.dailyGoal !== null && today.net >= writer.dailyGoal,
    streak: currentStreak(net, date, writer, earliest),
  };
}
