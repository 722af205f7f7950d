import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { db } from "../db";
import { refreshBookTotals } from "./book-totals";
import { loadChapter } from "./load-chapter";

// DELETE /api/v1/books/{bookId}/chapters/{chapterId} — the chapters after it move up one place.
export async function deleteChapter(input: { bookId: string; chapterId: string }, principal: Principal): Promise<void> {
  authorize(principal, "chapters.delete");
  const chapter = await loadChapter(principal, input, { forWriting: true });
  await db.$transaction(async (tx) => {
    await tx.chapter.delete({ where: { id: chapter.id } });
    await tx.chapter.updateMany({
      where: { bookId: chapter.bookId, position: { gt: chapter.position } },
      data: { position: { decrement: 1 } },
    });
    await refreshBookTotals(tx, chapter.bookId);
  });
}
