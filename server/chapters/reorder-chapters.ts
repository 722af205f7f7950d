import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { bookTransaction, loadBook } from "../books/access";
import { AppError } from "../errors";
import { entriesOf } from "../parts/contents-tree";
import { checkOrderVersion, storedOrder, writeOrder } from "../parts/order";
import { chapterSummaryColumns, toChapterSummaryDto, type ChapterSummaryDto } from "./schemas";

// PUT /api/v1/books/{bookId}/chapter-order — the list must name every chapter of the book once.
// Each chapter keeps its part (PUT …/contents moves chapters between parts): an order that would
// separate a part's chapters is refused. With orderVersion, a stale order is 409.
export async function reorderChapters(
  input: { bookId: string; chapterIds: string[]; orderVersion?: number },
  principal: Principal,
): Promise<ChapterSummaryDto[]> {
  authorize(principal, "chapters.reorder");
  await loadBook(principal, input.bookId, "chapters.reorder");
  return bookTransaction(input.bookId, async (trx) => {
    await checkOrderVersion(trx, input.bookId, input.orderVersion);
    // The book's order is its chapters out of the trash; a trashed chapter keeps the place it left.
    const stored = await storedOrder(trx, input.bookId);
    const partOf = new Map(stored.chapters.map((c) => [c.id, c.partId]));
    const given = new Set(input.chapterIds);
    if (given.size !== input.chapterIds.length || given.size !== partOf.size || [...given].some((id) => !partOf.has(id))) {
      throw new AppError("validation_failed", "The new order must name every chapter of this book exactly once.", [
        { path: "chapterIds", message: `expected each of the ${partOf.size} chapter ids once` },
      ]);
    }
    const chapters = input.chapterIds.map((id) => ({ id, partId: partOf.get(id) ?? null }));
    const split = chapters.find((c, index) => c.partId !== null && index > 0 && chapters.slice(0, index - 1).some((d) => d.partId === c.partId) && chapters[index - 1]!.partId !== c.partId);
    if (split) {
      throw new AppError("validation_failed", "A part's chapters stand together: this order separates them. Move a chapter between parts with PUT …/contents.", [
        { path: "chapterIds", message: `chapter ${split.id} is parted from the rest of its part` },
      ]);
    }
    await writeOrder(trx, input.bookId, entriesOf({ chapters, parts: stored.parts }));
    const rows = await trx.selectFrom("Chapter").where("bookId", "=", input.bookId).where("deletedAt", "is", null).select(chapterSummaryColumns).orderBy("position").execute();
    return rows.map(toChapterSummaryDto);
  });
}
