import type { Principal } from "../auth/principal";
import { loadBook } from "../books/access";
import { sql } from "../db";
import { AppError } from "../errors";
import { chapterColumns, chapterSummaryColumns, type ChapterRow, type ChapterSummaryRow } from "./schemas";

type ChapterIds = { bookId: string; chapterId: string };
type Options = { forWriting?: boolean; withContent?: boolean };

/**
 * A chapter of a book the principal may act on (see loadBook for the book's checks). Its text is
 * read only when asked for: a chapter may be megabytes, and most writes replace it anyway.
 */
export async function loadChapter(principal: Principal, ids: ChapterIds, options: Options & { withContent: false }): Promise<ChapterSummaryRow>;
export async function loadChapter(principal: Principal, ids: ChapterIds, options?: Options): Promise<ChapterRow>;
export async function loadChapter(principal: Principal, ids: ChapterIds, options: Options = {}) {
  await loadBook(principal, ids.bookId, options);
  const chapter = await sql
    .selectFrom("Chapter")
    .select(options.withContent === false ? chapterSummaryColumns : chapterColumns)
    .where("id", "=", ids.chapterId)
    .where("bookId", "=", ids.bookId)
    .executeTakeFirst();
  if (!chapter) throw new AppError("not_found", "This book has no chapter with this id.");
  return chapter;
}
