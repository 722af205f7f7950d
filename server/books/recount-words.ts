import { sql } from "../db";
import { COUNT_RULE, countProse } from "../text/prose";
import { bookTransaction } from "./access";

/** Books recounted between two looks at the table: each look is one indexed query. */
const BATCH = 20;

/**
 * Recounts, by the current counting rule, every book whose counts an older rule made: its chapters'
 * word counts (those in its trash too, which a restore adds back) and its total. Run once when a
 * server starts. A backfill in code rather than a migration, because no SQL can apply the counting
 * rule; marked per book, so a restart goes on where the last one stopped, and each book is
 * recounted in its own transaction, so a save racing with it and a second instance doing the same
 * work both leave the right totals. Revisions keep the count they were saved with: they are history.
 * The writer's `updatedAt` stays as it was: nothing the writer wrote changed.
 */
export async function recountOutdatedBooks(): Promise<number> {
  let recounted = 0;
  for (;;) {
    const books = await sql.selectFrom("Book").select("id").where("wordCountRule", "<", COUNT_RULE).where("purgedAt", "is", null).limit(BATCH).execute();
    if (books.length === 0) return recounted;
    for (const { id } of books) {
      await recountBook(id);
      recounted++;
      // Requests that arrived meanwhile go first: the backfill never holds the server up.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}

async function recountBook(bookId: string): Promise<void> {
  await bookTransaction(bookId, async (trx) => {
    const book = await trx.selectFrom("Book").select(["wordCountRule", "purgedAt"]).where("id", "=", bookId).executeTakeFirst();
    if (!book || book.purgedAt || book.wordCountRule >= COUNT_RULE) return;
    const chapters = await trx.selectFrom("Chapter").select(["id", "content", "wordCount", "deletedAt"]).where("bookId", "=", bookId).execute();
    let total = 0;
    for (const chapter of chapters) {
      const words = countProse(chapter.content);
      if (words !== chapter.wordCount) await trx.updateTable("Chapter").set({ wordCount: words }).where("id", "=", chapter.id).execute();
      if (chapter.deletedAt === null) total += words;
    }
    await trx.updateTable("Book").set({ wordCount: total, wordCountRule: COUNT_RULE }).where("id", "=", bookId).execute();
  });
}
