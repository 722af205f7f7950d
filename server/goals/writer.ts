import { sql } from "../db";
import { AppError } from "../errors";
import { dayIn } from "./calendar";
import { netWords } from "./rule";
import type { DayTotals } from "./schemas";

/** The goal settings as stored on the writer's row. */
export async function loadWriter(userId: string) {
  const writer = await sql
    .selectFrom("User")
    .select(["timeZone", "dailyGoal", "sessionGoal", "daysOff", "minimumBufferDays"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!writer) throw new AppError("not_found", "This account no longer exists.");
  return writer;
}

/** Today in the writer's zone. */
export function todayFor(writer: { timeZone: string }, now = new Date()): string {
  return dayIn(writer.timeZone, now);
}

export type DayRow = { date: string } & DayTotals;

/**
 * The writer's totals per day between two days (both included), days without a row left out,
 * oldest first; all books, or one. Served by the ledger's key (userId, day, bookId).
 */
export async function ledgerDays(userId: string, from: string, to: string, bookId?: string): Promise<DayRow[]> {
  let query = sql
    .selectFrom("WritingDay")
    .select((eb) => [
      "day",
      eb.fn.sum<number | string>("written").as("written"),
      eb.fn.sum<number | string>("removed").as("removed"),
      eb.fn.sum<number | string>("imported").as("imported"),
      eb.fn.sum<number | string>("restored").as("restored"),
    ])
    .where("userId", "=", userId)
    .where("day", ">=", from)
    .where("day", "<=", to);
  if (bookId) query = query.where("bookId", "=", bookId);
  const rows = await query.groupBy("day").orderBy("day").execute();
  // PostgreSQL sums integers as bigint, which its driver hands over as text.
  return rows.map((r) => {
    const totals = { written: Number(r.written), removed: Number(r.removed), imported: Number(r.imported), restored: Number(r.restored) };
    return { date: r.day, ...totals, net: netWords(totals) };
  });
}

export function totalsOf(days: readonly DayTotals[]): DayTotals {
  const totals = { written: 0, removed: 0, imported: 0, restored: 0 };
  for (const day of days) {
    totals.written += day.written;
    totals.removed += day.removed;
    totals.imported += day.imported;
    totals.restored += day.restored;
  }
  return { ...totals, net: netWords(totals) };
}
