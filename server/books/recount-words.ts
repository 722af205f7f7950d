import type { Transaction } from "kysely";
import { sql } from "../db";
import type { DB } from "../generated/kysely/database";
import { countProseOf } from "../text/count-task";
import { COUNT_RULE } from "../text/prose";
import { asCountRule, type CountRule } from "../text/text-rules";
import { bookTransaction } from "./access";

/** Books recounted between two looks at the table: each look is one indexed query. */
const BATCH = 20;

/**
 * Recounts, by the current counting code, every book whose counts an older version of it made:
 * its chapters' word counts (those in its trash too, which a restore adds back) and its total,
 * each book by its own rule (Book.countRule). Run once when a server starts. A backfill in code
 * rather than a migration, because no SQL can apply the counting rule; marked per book, so a
 * restart goes on where the last one stopped. Revisions keep the count they were saved with, and
 * the ledger the words it credited: they are history. The writer's `updatedAt` stays as it was:
 * nothing the writer wrote changed.
 */
export async function recountOutdatedBooks(): Promise<number> {
  let recounted = 0;
  for (;;) {
    const books = await sql.selectFrom("Book").select(["id", "countRule"]).where("wordCountRule", "<", COUNT_RULE).where("purgedAt", "is", null).limit(BATCH).execute();
    if (books.length === 0) return recounted;
    for (const { id, countRule } of books) {
      await recountBook(id, asCountRule(countRule), (book) => book.wordCountRule < COUNT_RULE);
      recounted++;
      // Requests that arrived meanwhile go first: the backfill never holds the server up.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}

/**
 * Recounts a book's chapters by `rule` and makes it the book's, when `still` holds of the book as
 * the transaction finds it. The chapters are counted first (in a worker when they are long), then
 * written in one transaction that holds the book and takes a count only for a chapter still at
 * the version counted: a save racing with it counts by the book's rule itself (changeTextIn reads
 * it in its transaction), and a second instance doing the same work leaves the same totals.
 * Answers the book's new total, or null when `still` no longer held.
 */
export async function recountBook(
  bookId: string,
  rule: CountRule,
  still: (book: { wordCountRule: number; countRule: string }) => boolean,
  changes: { updatedAt?: Date } = {},
): Promise<number | null> {
  const read = await sql.selectFrom("Chapter").select(["id", "version", "content"]).where("bookId", "=", bookId).execute();
  const counts = await countProseOf(read.map((chapter) => chapter.content), rule, "system");
  const counted = new Map(counts.map((words, i) => [read[i]!.id, { words, version: read[i]!.version }]));
  return bookTransaction(bookId, async (trx) => {
    const book = await trx.selectFrom("Book").select(["wordCountRule", "countRule", "purgedAt"]).where("id", "=", bookId).executeTakeFirst();
    if (!book || book.purgedAt || !still(book)) return null;
    const chapters = await trx.selectFrom("Chapter").select(["id", "version", "wordCount", "deletedAt"]).where("bookId", "=", bookId).execute();
    let total = 0;
    for (const chapter of chapters) {
      // A chapter saved (or added) since it was counted is counted again here: it was counted by
      // the book's rule then, which may not be `rule`. Rare, and one chapter's worth.
      const recount = counted.get(chapter.id);
      const words = recount && recount.version === chapter.version ? recount.words : await countAgain(trx, chapter.id, rule);
      if (words !== chapter.wordCount) await trx.updateTable("Chapter").set({ wordCount: words }).where("id", "=", chapter.id).execute();
      if (chapter.deletedAt === null) total += words;
    }
    await trx.updateTable("Book").set({ wordCount: total, wordCountRule: COUNT_RULE, countRule: rule, ...changes }).where("id", "=", bookId).execute();
    return total;
  });
}

async function countAgain(trx: Transaction<DB>, chapterId: string, rule: CountRule): Promise<number> {
  const { content } = await trx.selectFrom("Chapter").select("content").where("id", "=", chapterId).executeTakeFirstOrThrow();
  return (await countProseOf([content], rule, "system"))[0]!;
}
