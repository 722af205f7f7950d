import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { addToBookTotals, bookTransaction } from "../books/access";

import { settleOrder } from "../parts/order";
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
    let place = Math.min(chapter.position, Number(others.count) + 1);
    // Back among its part's chapters if its part still holds some, at the edge nearer its old place.
    if (chapter.partId) {
      const part = await trx
        .selectFrom("Chapter")
        .select((eb) => [eb.fn.min("position").as("first"), eb.fn.max("position").as("last")])
        .where("partId", "=", chapter.partId)
        .where("deletedAt", "is", null)
        .where("id", "!=", chapter.id)
        .executeTakeFirst();
      if (part?.first != null && part.last != null) place = Math.min(Math.max(place, Number(part.first)), Number(part.last) + 1);
    }
    await trx
      .updateTable("Chapter")
      .set((eb) => ({ position: eb("position", "+", 1) }))
      .where("bookId", "=", chapter.bookId)
      .where("deletedAt", "is", null)
      .where("id", "!=", chapter.id)
      .where("position", ">=", place)
      .execute();
    await trx.updateTable("Chapter").set({ position: place }).where("id", "=", chapter.id).execute();
    // Its old place may now lie among another part's chapters: it joins its own part's, or stands outside.
    await settleOrder(trx, chapter.bookId);
    await addToBookTotals(trx, chapter.bookId, { words: claimed.wordCount, chapters: 1 });
    return toChapterDto(await trx.selectFrom("Chapter").select(chapterColumns).where("id", "=", chapter.id).executeTakeFirstOrThrow());
  });
}
