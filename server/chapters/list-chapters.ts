import { setImmediate as nextTurn } from "node:timers/promises";
import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { loadBook } from "../books/access";
import { assertCan, can } from "../books/policy";
import { booleanFilter, defineCollection, pageOf, pageWindow, type OptionsOf, type Page } from "../collections";
import { sql } from "../db";
import { countOf } from "../sql/count";
import { purgeExpiredChapters } from "./delete-chapter";
import { PAGE_CONTENT_BYTES } from "./limits.mjs";
import { readableText } from "./load-chapter";
import { chapterColumns, chapterSummaryColumns, toChapterDto, toChapterSummaryDto, type ChapterListItemDto, type ChapterSummaryRow } from "./schemas";

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
): Promise<Page<ChapterListItemDto>> {
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
  const items = input.includeContent ? await withContent(rows, (content) => readableText(principal, book, content)) : rows.map(toChapterSummaryDto);
  return pageOf(input.options, items, () => countOf(matching));
}

/**
 * The chapters with their text, read one chapter a turn of the event loop: SQLite reads
 * synchronously, and a page of a hundred long chapters read at once held every request for 1.5 s
 * (issue 30 item 4). Each chapter's text and version come from one read, so they agree. Once the
 * page holds PAGE_CONTENT_BYTES of text, the chapters after it are listed without theirs.
 */
async function withContent(rows: ChapterSummaryRow[], readable: (content: string) => string): Promise<ChapterListItemDto[]> {
  const items: ChapterListItemDto[] = [];
  let bytes = 0;
  for (const summary of rows) {
    if (bytes <= PAGE_CONTENT_BYTES) {
      if (items.length > 0) await nextTurn();
      const row = await sql.selectFrom("Chapter").select(chapterColumns).where("id", "=", summary.id).executeTakeFirst();
      if (!row) continue; // deleted for good since the page was listed
      const content = readable(row.content);
      // Native and linear: a JavaScript loop over 5 MB (utf8Length) would hold this thread longer.
      bytes += Buffer.byteLength(content);
      if (bytes <= PAGE_CONTENT_BYTES || items.length === 0) {
        items.push(toChapterDto({ ...row, content }));
        continue;
      }
    }
    items.push({ ...toChapterSummaryDto(summary), contentOmitted: true });
  }
  return items;
}
