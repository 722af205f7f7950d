import { setImmediate as nextTurn } from "node:timers/promises";
import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { loadBook } from "../books/access";
import { assertCan, can } from "../books/policy";
import { booleanFilter, defineCollection, pageOf, pageWindow, type OptionsOf, type Page } from "../collections";
import { sql } from "../db";
import { countOf } from "../sql/count";
import { purgeExpiredChapters } from "./delete-chapter";
import { readableText } from "./load-chapter";
import { chapterColumns, chapterSummaryColumns, toChapterDto, toChapterSummaryDto, type ChapterDto, type ChapterSummaryDto } from "./schemas";

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
  const book = await loadBook(principal, input.bookId, "chapters.list");
  const inTrash = input.options.filters.deleted ?? false;
  // A beta reader sees the chapters released to readers, and no trash; every other role, all.
  const wholeDraft = can(principal, "readDraft", book);
  if (inTrash) assertCan(principal, "readDraft", book);
  if (inTrash) await purgeExpiredChapters();
  let matching = sql
    .selectFrom("Chapter")
    .where("bookId", "=", input.bookId)
    .where("deletedAt", inTrash ? "is not" : "is", null);
  if (!wholeDraft) matching = matching.where("releasedAt", "is not", null);
  // Once the book shares a snapshot with its readers, they read it and no live chapter (decision 0497): none listed.
  if (!wholeDraft && book.readerSnapshotId) matching = matching.where("Chapter.id", "is", null);
  const { offset, limit } = pageWindow(input.options);
  const rows = await matching
    .select(chapterSummaryColumns)
    .orderBy(input.options.sortBy, input.options.order)
    .orderBy("position")
    .offset(offset)
    .limit(limit)
    .execute();
  const items = input.includeContent ? await withContent(rows.map((row) => row.id), (content) => readableText(principal, book, content)) : rows.map(toChapterSummaryDto);
  return pageOf<ChapterSummaryDto & { content?: string }>(input.options, items, () => countOf(matching));
}

/**
 * The chapters with their text, read one chapter a turn of the event loop: SQLite reads
 * synchronously, and a page of a hundred long chapters read at once held every request for 1.5 s
 * (issue 30 item 4). Each chapter's text and version come from one read, so they agree.
 */
async function withContent(ids: string[], readable: (content: string) => string): Promise<ChapterDto[]> {
  const items: ChapterDto[] = [];
  for (const [index, id] of ids.entries()) {
    if (index > 0) await nextTurn();
    const row = await sql.selectFrom("Chapter").select(chapterColumns).where("id", "=", id).executeTakeFirst();
    if (row) items.push(toChapterDto({ ...row, content: readable(row.content) }));
  }
  return items;
}
