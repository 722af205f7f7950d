import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { db } from "../db";
import { loadChapter } from "./load-chapter";

// DELETE /api/v1/books/{bookId}/chapters/{chapterId} — the chapters after it move up one place.
export async function deleteChapter(input: { bookId: string; chapterId: string }, principal: Principal): Promise<void> {
  authorize(principal, "chapters.delete");
  const chapter = await loadChapter(principal, input, { forWriting: true, withContent: false });
  await db.$transaction(async (tx) => {
    // The row as it stood when deleted: a save may have changed its count since it was read.
    const deleted = await tx.chapter.delete({ where: { id: chapter.id }, select: { wordCount: true, position: true } });
    await tx.chapter.updateMany({
      where: { bookId: chapter.bookId, position: { gt: deleted.position } },
      data: { position: { decrement: 1 } },
    });
    await tx.book.update({
      where: { id: chapter.bookId },
      data: { wordCount: { decrement: deleted.wordCount }, chapterCount: { decrement: 1 } },
      select: { id: true },
    });
  });
}
