import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { bookTransaction, loadBook } from "../books/access";
import { AppError } from "../errors";
import { chapterSummaryColumns, toChapterSummaryDto, type ChapterSummaryDto } from "./schemas";

// PUT /api/v1/books/{bookId}/chapter-order — the list must name every chapter of the book once.
export async function reorderChapters(
  input: { bookId: string; chapterIds: string[] },
  principal: Principal,
): Promise<ChapterSummaryDto[]> {
  authorize(principal, "chapters.reorder");
  await loadBook(principal, input.bookId, "chapters.reorder");
  return bookTransaction(input.bookId, async (trx) => {
    // The book's order is its chapters out of the trash; a trashed chapter keeps the place it left.
    const inBook = trx.selectFrom("Chapter").where("bookId", "=", input.bookId).where("deletedAt", "is", null);
    const known = new Set((await inBook.select("id").execute()).map((c) => c.id));
    const given = new Set(input.chapterIds);
    if (given.size !== input.chapterIds.length || given.size !== known.size || [...given].some((id) => !known.has(id))) {
      throw new AppError("validation_failed", "The new order must name every chapter of this book exactly once.", [
        { path: "chapterIds", message: `expected each of the ${known.size} chapter ids once` },
      ]);
    }
    for (const [index, id] of input.chapterIds.entries()) {
      await trx.updateTable("Chapter").set({ position: index + 1 }).where("id", "=", id).execute();
    }
    const rows = await inBook.select(chapterSummaryColumns).orderBy("position").execute();
    return rows.map(toChapterSummaryDto);
  });
}
