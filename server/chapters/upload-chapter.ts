import type { Transaction } from "kysely";
import type { z } from "zod";
import type { DB } from "../generated/kysely/database";
import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { addToBookTotals, bookTransaction, loadBook } from "../books/access";
import { newChapterTitle } from "../books/language";
import { addToLedger } from "../goals/ledger";
import { newId } from "../sql/values";
import { leadingHeading } from "../text/markdown-heading";
import { countProseOf } from "../text/count-task";
import { toChapterDto, uploadChapterInput, type ChapterDto } from "./schemas";

type UploadChapterInput = z.output<typeof uploadChapterInput> & { bookId: string };

// POST /api/v1/books/{bookId}/chapters — a new chapter at the end of the book, as version 1.
export async function uploadChapter(input: UploadChapterInput, principal: Principal): Promise<ChapterDto> {
  authorize(principal, "chapters.upload");
  const book = await loadBook(principal, input.bookId, "chapters.upload");
  const title = input.title ?? titleFromHeading(input.content) ?? newChapterTitle(book.chapterCount + 1, book.language);
  const [wordCount] = await countProseOf([input.content], principal.userId);
  return bookTransaction(book.id, async (trx) => {
    const chapter = await appendChapter(trx, book.id, { title, content: input.content, wordCount: wordCount! });
    await addToBookTotals(trx, book.id, { words: chapter.wordCount, chapters: 1 });
    // A chapter uploaded whole was written elsewhere: imported, not typed.
    await addToLedger(trx, { userId: principal.userId, bookId: book.id, at: new Date(), written: 0, removed: 0, imported: chapter.wordCount, restored: 0 });
    return chapter;
  });
}

/**
 * Inserts a chapter after the book's last one, as version 1 with its first revision. The caller
 * holds the book's transaction and adds the chapter to the book's totals (once, for an import).
 */
export async function appendChapter(trx: Transaction<DB>, bookId: string, input: { title: string; content: string; wordCount: number }): Promise<ChapterDto> {
  const last = await trx
    .selectFrom("Chapter")
    .select((eb) => eb.fn.max("position").as("position"))
    .where("bookId", "=", bookId)
    .where("deletedAt", "is", null)
    .executeTakeFirst();
  const now = new Date();
  const { title, content, wordCount } = input;
  const chapter = { id: newId(), bookId, title, content, wordCount, version: 1, createdAt: now, updatedAt: now, position: (last?.position ?? 0) + 1 };
  await trx.insertInto("Chapter").values(chapter).execute();
  await trx
    .insertInto("ChapterRevision")
    .values({ id: newId(), chapterId: chapter.id, version: 1, title, content, wordCount, createdAt: now, kind: "upload" })
    .execute();
  return toChapterDto(chapter);
}

/** The text of a Markdown heading on the first non-blank line, if there is one. */
export function titleFromHeading(content: string): string | undefined {
  return leadingHeading(content)?.text.slice(0, 200) || undefined;
}
