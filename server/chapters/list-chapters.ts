import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { loadBook } from "../books/access";
import { defineCollection, pageOf, pageWindow, type OptionsOf, type Page } from "../collections";
import { db } from "../db";
import { chapterSelect, chapterSummarySelect, toChapterDto, toChapterSummaryDto, type ChapterSummaryDto } from "./schemas";

export const chaptersCollection = defineCollection({
  sortable: ["position", "title", "wordCount", "createdAt", "updatedAt"] as const,
  defaultSort: "position",
  defaultOrder: "asc",
  filters: {},
});
export type ListChaptersOptions = OptionsOf<typeof chaptersCollection>;

// GET /api/v1/books/{bookId}/chapters — in book order, without content unless asked for.
export async function listChapters(
  input: { bookId: string; includeContent: boolean; options: ListChaptersOptions },
  principal: Principal,
): Promise<Page<ChapterSummaryDto & { content?: string }>> {
  authorize(principal, "chapters.list");
  await loadBook(principal, input.bookId);
  const where = { bookId: input.bookId };
  const query = {
    where,
    orderBy: [{ [input.options.sortBy]: input.options.order }, { position: "asc" as const }],
    ...pageWindow(input.options),
  };
  const items = input.includeContent
    ? (await db.chapter.findMany({ ...query, select: chapterSelect })).map(toChapterDto)
    : (await db.chapter.findMany({ ...query, select: chapterSummarySelect })).map(toChapterSummaryDto);
  return pageOf<ChapterSummaryDto & { content?: string }>(input.options, items, () => db.chapter.count({ where }));
}
