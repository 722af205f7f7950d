import type { BookRole } from "../auth/book-roles";
import type { Transaction } from "kysely";
import { bookColumns, toBookDto } from "../books/schemas";
import { changeTextIn, nothingRaces } from "../chapters/change-text";
import type { DB } from "../generated/kysely/database";
import type { Manuscript } from "./read-manuscript";
import type { ImportResultDto } from "./schemas";

/**
 * Appends a manuscript's chapters to a book inside the caller's transaction, as one text change
 * (server/chapters/change-text.ts): each a version 1 with its first revision, the book's totals
 * once, and the words to the importing writer's ledger as imported.
 */
export async function saveImportedChapters(trx: Transaction<DB>, bookId: string, manuscript: Manuscript, userId: string, role: BookRole): Promise<ImportResultDto> {
  const appends = manuscript.chapters.map(({ title, content, wordCount }) => ({ title, content, wordCount }));
  const written = await changeTextIn(trx, { bookId, authorId: userId, kind: "import", countRule: manuscript.countRule, appends }, nothingRaces);
  const chapters = written.chapters.map((c) => c.chapter);
  const book = await trx.selectFrom("Book").select(bookColumns).where("id", "=", bookId).executeTakeFirstOrThrow();
  return {
    book: toBookDto(book, role),
    chapterCount: chapters.length,
    chapters: chapters.map(({ id, title, position, wordCount }) => ({ id, title, position, wordCount })),
  };
}
