import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { loadBook } from "../books/access";
import { booleanFilter, defineCollection, pageOf, pageWindow, type OptionsOf, type Page } from "../collections";
import { sql } from "../db";
import { countOf } from "../sql/count";
import { purgeExpiredChapters } from "./delete-chapter";
import { chapterColumns, chapterSummaryColumns, toChapterDto, toChapterSummaryDto, type ChapterRow, type ChapterSummaryDto } from "./schemas";

export const chaptersCollection = defineCollection({
  sortable: ["position", "title", "wordCount", "createdAt", "updatedAt"] as const,
  defaultSort: "position",
  defaultOrder: "asc",
  filters: { deleted: booleanFilter.describe("true lists the book's trash") },
});
type ListChaptersOptions = OptionsOf<typeof chaptersCollection>;

// GET /api/v1/books/{bookId}/chapters — in book order, without content unless asked for.
export async function listChapters(
  input: { bookId: string; includeContent: boolean; options: ListChaptersOptions },
  principal: Principal,
): Promise<Page<ChapterSummaryDto & { content?: string }>> {
  authorize(principal, "chapters.list");
  await loadBook(principal, input.bookId);
  const inTrash = input.options.filters.deleted ?? false;
  if (inTrash) await purgeExpiredChapters();
  const matching = sql
    .selectFrom("Chapter")
    .where("bookId", "=", input.bookId)
    .where("deletedAt", inTrash ? "is not" : "is", null);
  const { offset, limit } = pageWindow(input.options);
  const rows = await matching
    .select(input.includeContent ? chapterColumns : chapterSummaryColumns)
    .orderBy(input.options.sortBy, input.options.order)
    .orderBy("position")
    .offset(offset)
    .limit(limit)
    .execute();
  const items = rows.map((row) => ("content" in row ? toChapterDto(row as ChapterRow) : toChapterSummaryDto(row)));
  return pageOf<ChapterSummaryDto & { content?: string }>(input.options, items, () => countOf(matching));
}
