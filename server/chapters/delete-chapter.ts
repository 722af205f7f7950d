import type { Transaction } from "kysely";
import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { addToBookTotals, bookTransaction } from "../books/access";
import { eraseDeletedText, sql } from "../db";
import { AppError } from "../errors";
import type { DB } from "../generated/kysely/database";
import { CHAPTER_TRASH_DAYS } from "./limits.mjs";
import { loadChapter } from "./load-chapter";


// DELETE /api/v1/books/{bookId}/chapters/{chapterId} — into the book's trash with its history (the
// chapters after it move up one place); with `permanent`, deleted for good with its history —
// unless a named snapshot holds it (409 chapter_in_snapshot, nothing changed: decision 0489).
export async function deleteChapter(input: { bookId: string; chapterId: string; permanent?: boolean }, principal: Principal): Promise<void> {
  authorize(principal, "chapters.delete");
  const chapter = await loadChapter(principal, input, "chapters.delete", { withContent: false, inTrash: "allow" });
  await bookTransaction(chapter.bookId, async (trx) => {
    if (input.permanent) await refuseIfHeld(trx, chapter);
    await takeOutOfOrder(trx, chapter);
    if (input.permanent) await trx.deleteFrom("Chapter").where("id", "=", chapter.id).execute();
  });
  await purgeExpiredChapters();
  if (input.permanent) await eraseDeletedText();
}

/** A chapter a snapshot holds keeps its history: the snapshot's text is one of its revisions. */
async function refuseIfHeld(trx: Transaction<DB>, chapter: { id: string; bookId: string }): Promise<void> {
  const holders = await trx
    .selectFrom("SnapshotChapter")
    .innerJoin("Snapshot", "Snapshot.id", "SnapshotChapter.snapshotId")
    .select(["Snapshot.id", "Snapshot.name"])
    .where("SnapshotChapter.chapterId", "=", chapter.id)
    .orderBy("Snapshot.createdAt")
    .execute();
  if (holders.length === 0) return;
  throw new AppError(
    "chapter_in_snapshot",
    `This chapter is held by ${holders.length === 1 ? `the snapshot "${holders[0]!.name}"` : `${holders.length} snapshots`}, so it cannot be deleted for good; it can go to the trash, where it stays until those snapshots are deleted.`,
    { snapshots: holders.map((h) => ({ id: h.id, name: h.name, path: `/api/v1/books/${chapter.bookId}/snapshots/${h.id}` })) },
  );
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

/**
 * Deletes for good the chapters that have waited in a trash longer than CHAPTER_TRASH_DAYS, but
 * for those a named snapshot holds: they wait on until no snapshot does (decision 0489).
 */
export async function purgeExpiredChapters(now = new Date()): Promise<void> {
  const cutoff = new Date(now.getTime() - CHAPTER_TRASH_DAYS * 24 * 60 * 60 * 1000);
  const purged = await sql
    .deleteFrom("Chapter")
    .where("deletedAt", "<", cutoff)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom("SnapshotChapter").select("SnapshotChapter.chapterId").whereRef("SnapshotChapter.chapterId", "=", "Chapter.id"))))
    .executeTakeFirst();
  if (purged.numDeletedRows > 0n) await eraseDeletedText();
}
