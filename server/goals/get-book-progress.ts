import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { loadBook } from "../books/access";
import { sql } from "../db";
import type { BookProgress } from "./schemas";
import { loadWriter, todayFor } from "./writer";

/**
 * GET /api/v1/books/{bookId}/progress — the book's word count over time, for a line against the
 * deadline. Each ledger row keeps the book's count as the day's last change left it, so the line
 * comes from the ledger alone (revisions are thinned, and a book's count is not the sum of one
 * chapter's history); today's point is the book's count now.
 */
export async function getBookProgress(input: { bookId: string }, principal: Principal, now = new Date()): Promise<BookProgress> {
  authorize(principal, "stats.bookProgress");
  const book = await loadBook(principal, input.bookId, "stats.bookProgress");
  const { deadline } = await sql.selectFrom("Book").select("deadline").where("id", "=", book.id).executeTakeFirstOrThrow();
  const today = todayFor(await loadWriter(principal.userId), now);
  const rows = await sql
    .selectFrom("WritingDay")
    .select(["day", "wordCount"])
    .where("bookId", "=", book.id)
    .where("day", "<", today)
    .orderBy("day")
    .orderBy("updatedAt")
    .execute();
  const byDay = new Map<string, number>();
  // Several writers' rows on one day: the latest change's count stands.
  for (const row of rows) byDay.set(row.day, row.wordCount);
  byDay.set(today, book.wordCount);
  const points = [...byDay].map(([date, wordCount]) => ({ date, wordCount }));
  return { points, targetWordCount: book.targetWordCount, deadline, startDate: points[0]!.date };
}
