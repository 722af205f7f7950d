import type { Transaction } from "kysely";
import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { addToBookTotals, bookTransaction } from "../books/access";
import { eraseDeletedText, sql } from "../db";
import type { DB } from "../generated/kysely/database";
import { CHAPTER_TRASH_DAYS } from "./limits.mjs";
import { loadChapter } from "./load-chapter";


// DELETE /api/v1/books/{bookId}/chapters/{chapterId} — into the book's trash with its history (the
// chapters after it move up one place); with `permanent`, deleted for good with its history.
export async function deleteChapter(input: { bookId: string; chapterId: string; permanent?: boolean }, principal: Principal): Promise<void> {
  authorize(principal, "chapters.delete");
  const chapter = await loadChapter(principal, input, "chapters.delete", { withContent: false, inTrash: "allow" });
  await bookTransaction(chapter.bookId, async (trx) => {
    await takeOutOfOrder(trx, chapter);
    if (input.permanent) await trx.deleteFrom("Chapter").where("id", "=", chapter.id).execute();
  });
  await purgeExpiredChapters();
  if (input.permanent) await eraseDeletedText();
}

/** Marks the chapter trashed and closes its gap, unless it already was (deleting twice is harmless). */
async function takeOutOfOrder(trx: Transaction<DB>, chapter: { id: string; bookId: string }): Promise<void> {
  // The row as it stood when trashed: a save may have changed its count since it was read.
  const trashed = await trx
    .updateTable("Chapter")
    .set({ deletedAt: new Date() })
    .where("id", "=", chapter.id)
    .where("deletedAt", "is", null)
    .returning(["wordCount", "position"])
    .executeTakeFirst();
  if (!trashed) return;
  await trx
    .updateTable("Chapter")
    .set((eb) => ({ position: eb("position", "-", 1) }))
    .where("bookId", "=", chapter.bookId)
    .where("deletedAt", "is", null)
    .where("position", ">", trashed.position)
    .execute();
  await addToBookTotals(trx, chapter.bookId, { words: -trashed.wordCount, chapters: -1 });
}

/** Deletes for good the chapters that have waited in a trash longer than CHAPTER_TRASH_DAYS. */
export async function purgeExpiredChapters(now = new Date()): Promise<void> {
  const cutoff = new Date(now.getTime() - CHAPTER_TRASH_DAYS * 24 * 60 * 60 * 1000);
  const purged = await sql.deleteFrom("Chapter").where("deletedAt", "<", cutoff).executeTakeFirst();
  if (purged.numDeletedRows > 0n) await eraseDeletedText();
}
