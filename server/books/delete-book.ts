import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { eraseDeletedText, sql, transaction } from "../db";
import { deletePicture, PICTURE_STORES } from "../pictures/stored-picture";
import { loadBook } from "./access";

// DELETE /api/v1/books/{bookId} — into the trash; with `permanent`, deleted for good: chapters and
// revisions, the book's own story-bible entries and its cover go, and the id stays as a tombstone
// that answers 410.
export async function deleteBook(input: { bookId: string; permanent: boolean }, principal: Principal): Promise<void> {
  authorize(principal, "books.delete");
  const book = await loadBook(principal, input.bookId, "books.delete", { inTrash: "allow" });
  if (!input.permanent) {
    const now = new Date();
    if (!book.deletedAt) await sql.updateTable("Book").set({ deletedAt: now, updatedAt: now }).where("id", "=", book.id).execute();
    return;
  }
  await transaction(async (trx) => {
    const now = new Date();
    // A chapter's revisions go with it, and an entry's relations, mentions and picture (ON DELETE CASCADE).
    await trx.deleteFrom("Chapter").where("bookId", "=", book.id).execute();
    await trx.deleteFrom("BibleEntry").where("bookId", "=", book.id).execute();
    await deletePicture(trx, PICTURE_STORES.bookCover, book.id);
    await trx
      .updateTable("Book")
      .set({ purgedAt: now, deletedAt: book.deletedAt ?? now, title: "", description: "", wordCount: 0, chapterCount: 0, coverMediaType: null, coverSize: null, coverUpdatedAt: null, updatedAt: now })
      .where("id", "=", book.id)
      .execute();
  });
  await eraseDeletedText();
}
