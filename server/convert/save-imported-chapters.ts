import type { BookRole } from "../auth/book-roles";
import type { Transaction } from "kysely";
import { addToBookTotals } from "../books/access";
import { bookColumns, toBookDto } from "../books/schemas";
import { appendChapter } from "../chapters/upload-chapter";
import type { DB } from "../generated/kysely/database";
import { addToLedger } from "../goals/ledger";
import type { Manuscript } from "./read-manuscript";
import type { ImportResultDto } from "./schemas";

/**
 * Appends a manuscript's chapters to a book inside the caller's transaction, through the same
 * insert as a chapter upload (word count, version 1, first revision), then the book's totals once,
 * and the words to the importing writer's ledger as imported.
 */
export async function saveImportedChapters(trx: Transaction<DB>, bookId: string, manuscript: Manuscript, userId: string, role: BookRole): Promise<ImportResultDto> {
  const chapters = [];
  for (const chapter of manuscript.chapters) chapters.push(await appendChapter(trx, bookId, chapter));
  const words = chapters.reduce((sum, c) => sum + c.wordCount, 0);
  await addToBookTotals(trx, bookId, { words, chapters: chapters.length });
  await addToLedger(trx, { userId, bookId, at: new Date(), written: 0, removed: 0, imported: words, restored: 0 });
  const book = await trx.selectFrom("Book").select(bookColumns).where("id", "=", bookId).executeTakeFirstOrThrow();
  return {
    book: toBookDto(book, role),
    chapterCount: chapters.length,
    chapters: chapters.map(({ id, title, position, wordCount }) => ({ id, title, position, wordCount })),
  };
}
