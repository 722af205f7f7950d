import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { addToBookTotals, bookTransaction } from "../books/access";

import { loadChapter } from "./load-chapter";
import { chapterColumns, toChapterDto, type ChapterDto } from "./schemas";

// POST /api/v1/books/{bookId}/chapters/{chapterId}/untrash — out of the book's trash, back into
// the place it left if the book still reaches it, else at the end. Restoring a chapter that is not
// in the trash changes nothing.
export async function untrashChapter(input: { bookId: string; chapterId: string }, principal: Principal): Promise<ChapterDto> {
  authorize(principal, "chapters.untrash");
  const chapter = await loadChapter(principal, input, "chapters.untrash", { inTrash: "allow" });
  if (!chapter.deletedAt) return toChapterDto(chapter);
  return bookTransaction(chapter.bookId, async (trx) => {
    // Claimed first, so that of two restores at once the second finds nothing left to do.
    const claimed = await trx
      .updateTable("Chapter")
      .set({ deletedAt: null, updatedAt: new Date() })
      .where("id", "=", chapter.id)
      .where("deletedAt", "is not", null)
      .returning(["wordCount"])
      .executeTakeFirst();
    if (!claimed) return toChapterDto(chapter);
    const others = await trx
      .selectFrom("Chapter")
      .select((eb) => eb.fn.countAll().as("count"))
      .where("bookId", "=", chapter.bookId)
      .where("deletedAt", "is", null)
      .where("id", "!=", chapter.id)
      .executeTakeFirstOrThrow();
    const place = Math.min(chapter.position, Number(others.count) + 1);
    await trx
      .updateTable("Chapter")
      .set((eb) => ({ position: eb("position", "+", 1) }))
      .where("bookId", "=", chapter.bookId)
      .where("deletedAt", "is", null)
      .where("id", "!=", chapter.id)
      .where("position", ">=", place)
      .execute();
    const restored = await trx
      .updateTable("Chapter")
      .set({ position: place })
      .where("id", "=", chapter.id)
      .returning(chapterColumns)
      .executeTakeFirstOrThrow();
    await addToBookTotals(trx, chapter.bookId, { words: claimed.wordCount, chapters: 1 });
    return toChapterDto(restored);
  });
}
