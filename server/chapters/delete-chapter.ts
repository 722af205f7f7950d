import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { addToBookTotals } from "../books/access";
import { db } from "../db";
import { AppError } from "../errors";
import { loadChapter } from "./load-chapter";

// DELETE /api/v1/books/{bookId}/chapters/{chapterId} — the chapters after it move up one place.
export async function deleteChapter(input: { bookId: string; chapterId: string }, principal: Principal): Promise<void> {
  authorize(principal, "chapters.delete");
  const chapter = await loadChapter(principal, input, { forWriting: true, withContent: false });
  await db.$transaction(async (tx) => {
    // The row as it stood when deleted: a save may have changed its count since it was read.
    const deleted = await tx.chapter.findUnique({ where: { id: chapter.id }, select: { wordCount: true, position: true } });
    if (!deleted) throw new AppError("not_found", "This chapter was already deleted.");
    await tx.chapter.delete({ where: { id: chapter.id } });
    await tx.chapter.updateMany({
      where: { bookId: chapter.bookId, position: { gt: deleted.position } },
      data: { position: { decrement: 1 } },
    });
    await addToBookTotals(tx, chapter.bookId, { words: -deleted.wordCount, chapters: -1 });
  });
}
