import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { db, eraseDeletedText, prismaTransaction } from "../db";
import { loadBook } from "./access";

// DELETE /api/v1/books/{bookId} — into the trash; with `permanent`, deleted for good: chapters and
// revisions go, and the id stays as a tombstone that answers 410.
export async function deleteBook(input: { bookId: string; permanent: boolean }, principal: Principal): Promise<void> {
  authorize(principal, "books.delete");
  const book = await loadBook(principal, input.bookId, { inTrash: "allow" });
  if (!input.permanent) {
    if (!book.deletedAt) await db.book.update({ where: { id: book.id }, data: { deletedAt: new Date() } });
    return;
  }
  await prismaTransaction(async (tx) => {
    await tx.chapter.deleteMany({ where: { bookId: book.id } });
    await tx.book.update({
      where: { id: book.id },
      data: {
        purgedAt: new Date(),
        deletedAt: book.deletedAt ?? new Date(),
        title: "",
        description: "",
        wordCount: 0,
        chapterCount: 0,
      },
    });
  });
  await eraseDeletedText();
}
