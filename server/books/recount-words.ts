import { sql } from "../db";
import { countProseOf } from "../text/count-task";
import { COUNT_RULE } from "../text/prose";
import { bookTransaction } from "./access";

/** Books recounted between two looks at the table: each look is one indexed query. */
const BATCH = 20;

/**
 * Recounts, by the current counting rule, every book whose counts an older rule made: its chapters'
 * word counts (those in its trash too, which a restore adds back) and its total. Run once when a
 * server starts. A backfill in code rather than a migration, because no SQL can apply the counting
 * rule; marked per book, so a restart goes on where the last one stopped. A book's chapters are
 * counted first (in a worker when they are long), then written in one transaction that takes a
 * count only for a chapter still at the version counted: a save racing with it counts by the
 * current rule itself, and a second instance doing the same work leaves the same totals. Revisions keep the count they were saved with: they are history.
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
  const read = await sql.selectFrom("Chapter").select(["id", "version", "content"]).where("bookId", "=", bookId).execute();
  const counted = new Map((await countProseOf(read.map((chapter) => chapter.content), "system")).map((words, i) => [read[i]!.id, { words, version: read[i]!.version }]));
  await bookTransaction(bookId, async (trx) => {
    const book = await trx.selectFrom("Book").select(["wordCountRule", "purgedAt"]).where("id", "=", bookId).executeTakeFirst();
    if (!book || book.purgedAt || book.wordCountRule >= COUNT_RULE) return;
    const chapters = await trx.selectFrom("Chapter").select(["id", "version", "wordCount", "deletedAt"]).where("bookId", "=", bookId).execute();
    let total = 0;
    for (const chapter of chapters) {
      // A chapter saved (or added) since it was counted has its count by the current rule already.
      const recount = counted.get(chapter.id);
      const words = recount && recount.version === chapter.version ? recount.words : chapter.wordCount;
      if (words !== chapter.wordCount) await trx.updateTable("Chapter").set({ wordCount: words }).where("id", "=", chapter.id).execute();
      if (chapter.deletedAt === null) total += words;
    }
    await trx.updateTable("Book").set({ wordCount: total, wordCountRule: COUNT_RULE }).where("id", "=", bookId).execute();
  });
}
