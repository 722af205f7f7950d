import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { loadBook } from "../books/access";
import { db } from "../db";
import { AppError } from "../errors";
import { chapterSummarySelect, toChapterSummaryDto, type ChapterSummaryDto } from "./schemas";

// PUT /api/v1/books/{bookId}/chapter-order — the list must name every chapter of the book once.
export async function reorderChapters(
  input: { bookId: string; chapterIds: string[] },
  principal: Principal,
): Promise<ChapterSummaryDto[]> {
  authorize(principal, "chapters.reorder");
  await loadBook(principal, input.bookId);
  return db.$transaction(async (tx) => {
    // The book's order is its chapters out of the trash; a trashed chapter keeps the place it left.
    const existing = await tx.chapter.findMany({ where: { bookId: input.bookId, deletedAt: null }, select: { id: true } });
    const known = new Set(existing.map((c) => c.id));
    const given = new Set(input.chapterIds);
    if (given.size !== input.chapterIds.length || given.size !== known.size || [...given].some((id) => !known.has(id))) {
      throw new AppError("validation_failed", "The new order must name every chapter of this book exactly once.", [
        { path: "chapterIds", message: `expected each of the ${known.size} chapter ids once` },
      ]);
    }
    for (const [index, id] of input.chapterIds.entries()) {
      await tx.chapter.update({ where: { id }, data: { position: index + 1 } });
    }
    const rows = await tx.chapter.findMany({
      where: { bookId: input.bookId, deletedAt: null },
      select: chapterSummarySelect,
      orderBy: { position: "asc" },
    });
    return rows.map(toChapterSummaryDto);
  });
}
