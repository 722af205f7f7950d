import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { loadBook } from "../books/access";
import { sql } from "../db";
import { writingDaysBetween } from "./calendar";
import type { BookGoal } from "./schemas";
import { loadWriter, todayFor } from "./writer";

// GET /api/v1/books/{bookId}/goal — the book's target, deadline and today's quota
export async function getBookGoal(input: { bookId: string }, principal: Principal): Promise<BookGoal> {
  authorize(principal, "goals.book");
  const book = await loadBook(principal, input.bookId, "goals.book");
  const { deadline } = await sql.selectFrom("Book").select("deadline").where("id", "=", book.id).executeTakeFirstOrThrow();
  return bookGoalOf({ ...book, deadline }, principal.userId);
}

/**
 * The quota is recomputed each day and holds through it: the words still to write when the day
 * began (the book's count less what today changed), over the writing days left, today included
 * and the writer's days off left out. Written ahead, it falls tomorrow; behind, it rises.
 */
export async function bookGoalOf(
  book: { id: string; targetWordCount: number | null; deadline: string | null; wordCount: number },
  userId: string,
  now = new Date(),
): Promise<BookGoal> {
  const writer = await loadWriter(userId);
  const today = todayFor(writer, now);
  const row = await sql
    .selectFrom("WritingDay")
    .select((eb) => [
      eb.fn.sum<number | string>(eb("written", "-", eb.ref("removed"))).as("typedNet"),
      eb.fn.sum<number | string>(eb(eb(eb("written", "+", eb.ref("imported")), "+", eb.ref("restored")), "-", eb.ref("removed"))).as("net"),
    ])
    .where("bookId", "=", book.id)
    .where("day", "=", today)
    .executeTakeFirst();
  // The one rule (./rule.ts): typed less deleted. `net` below is the book's whole change today, imports too.
  const writtenToday = Number(row?.typedNet ?? 0);
  const startOfDay = book.wordCount - Number(row?.net ?? 0);
  const target = book.targetWordCount;
  const remaining = target === null ? null : Math.max(0, target - book.wordCount);
  const daysLeft = book.deadline === null ? null : writingDaysBetween(today, book.deadline, writer.daysOff);
  let wordsPerDay: number | null = null;
  if (target !== null && daysLeft !== null) {
    const leftThisMorning = Math.max(0, target - startOfDay);
    wordsPerDay = daysLeft > 0 ? Math.ceil(leftThisMorning / daysLeft) : leftThisMorning;
  }
  return { bookId: book.id, targetWordCount: target, deadline: book.deadline, wordCount: book.wordCount, remaining, daysLeft, wordsPerDay, writtenToday };
}
