import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { loadBook } from "../books/access";
import { addDays, daysBetween } from "./calendar";
import { STREAK_LOOKBACK_DAYS } from "./get-today";
import { invalidField, type History, type HistoryQuery } from "./schemas";
import { currentStreak, longestStreak } from "./streaks";
import { ledgerDays, loadWriter, todayFor, totalsOf } from "./writer";

/** Ten years: a range the page and an export can take in one answer. */
const MAX_RANGE_DAYS = 3660;

// GET /api/v1/stats/history — the writer's days (a year by default), totals, best day and streaks
export async function getHistory(query: HistoryQuery, principal: Principal, now = new Date()): Promise<History> {
  authorize(principal, "stats.history");
  if (query.bookId) await loadBook(principal, query.bookId, "stats.history");
  const writer = await loadWriter(principal.userId);
  const today = todayFor(writer, now);
  const to = query.to ?? today;
  const from = query.from ?? addDays(to, -364);
  if (from > to) throw invalidField("from", "the range begins after it ends");
  if (daysBetween(from, to) >= MAX_RANGE_DAYS) throw invalidField("from", `a range can be at most ${MAX_RANGE_DAYS} days`);

  // The current streak looks back from today whatever the range: one query spans both.
  const earliest = addDays(today, -STREAK_LOOKBACK_DAYS);
  const spanned = await ledgerDays(principal.userId, from < earliest ? from : earliest, to > today ? to : today, query.bookId);
  const days = spanned.filter((d) => d.date >= from && d.date <= to);
  const net = new Map(spanned.map((d) => [d.date, d.net]));

  // Writing days are those that came out ahead: a day of cutting is revision, not a day's writing.
  let bestDay: History["bestDay"] = null;
  let writingDays = 0;
  let wordsOfWritingDays = 0;
  for (const day of days) {
    if (day.net > 0) {
      writingDays++;
      wordsOfWritingDays += day.net;
    }
    if (day.net > (bestDay?.net ?? 0)) bestDay = { date: day.date, net: day.net };
  }
  return {
    days,
    totals: totalsOf(days),
    bestDay,
    averagePerWritingDay: writingDays === 0 ? 0 : Math.round(wordsOfWritingDays / writingDays),
    streak: currentStreak(net, today, writer, earliest),
    longestStreak: longestStreak(net, from, to < today ? to : today, writer),
  };
}
