import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { eraseDeletedText, transaction } from "../db";
import { deletePicture, PICTURE_STORES } from "../pictures/stored-picture";
import { assertPrecondition, changedSince, nextUpdatedAt, validatorsOf, type Precondition } from "../preconditions";
import { loadBook } from "./access";
import { toBookDto } from "./schemas";
import { announceBookDeleted } from "../webhooks/announce";

// DELETE /api/v1/books/{bookId} — into the trash; with `permanent`, deleted for good: chapters and
// revisions, its snapshots, the book's own story-bible entries and its cover go, and the id stays as a tombstone
// that answers 410. With a precondition (REST's If-Match or If-Unmodified-Since), the book must be
// as the caller read it, checked with the write: 412 otherwise.
export async function deleteBook(input: { bookId: string; permanent: boolean; precondition?: Precondition }, principal: Principal): Promise<void> {
  authorize(principal, "books.delete");
  const book = await loadBook(principal, input.bookId, "books.delete", { inTrash: "allow" });
  const { precondition } = input;
  await assertPrecondition(precondition, () => validatorsOf(toBookDto(book, book.role)));
  // Checked and written at once: a write since the check leaves no row to change.
  const unchanged = (touched: { numUpdatedRows: bigint }) => {
    if (precondition && touched.numUpdatedRows === 0n) throw changedSince();
  };
  if (!input.permanent) {
    if (book.deletedAt) return;
    const now = nextUpdatedAt(book.updatedAt);
    await transaction(async (trx) => {
      const update = trx.updateTable("Book").set({ deletedAt: now, updatedAt: now }).where("id", "=", book.id);
      unchanged(await (precondition ? update.where("updatedAt", "=", book.updatedAt) : update).executeTakeFirst());
      await announceBookDeleted(trx, book, false, now);
    });
    return;
  }
  await transaction(async (trx) => {
    const now = nextUpdatedAt(book.updatedAt);
    if (precondition) unchanged(await trx.updateTable("Book").set({ updatedAt: now }).where("id", "=", book.id).where("updatedAt", "=", book.updatedAt).executeTakeFirst());
    // Before the purge forgets its title (a book in the trash is announced again: now it is gone for good).
    await announceBookDeleted(trx, book, true, now);
    // A chapter's revisions go with it, and an entry's relations, mentions and picture (ON DELETE
    // CASCADE); the snapshots first, since a revision a snapshot holds is never deleted from under it.
    await trx.deleteFrom("Snapshot").where("bookId", "=", book.id).execute();
    await trx.deleteFrom("Chapter").where("bookId", "=", book.id).execute();
    await trx.deleteFrom("BibleEntry").where("bookId", "=", book.id).execute();
    await deletePicture(trx, PICTURE_STORES.bookCover, book.id);
    await trx
      .updateTable("Book")
      .set({ purgedAt: now, deletedAt: book.deletedAt ?? now, title: "", description: "", wordCount: 0, chapterCount: 0, coverMediaType: null, coverSize: null, coverWidth: null, coverHeight: null, coverUpdatedAt: null, updatedAt: now })
      .where("id", "=", book.id)
      .execute();
  });
  await eraseDeletedText();
}
