import type { BookRole } from "../auth/book-roles";
import type { Transaction } from "kysely";
import { bookColumns, toBookDto } from "../books/schemas";
import { changeTextIn, nothingRaces } from "../chapters/change-text";
import type { DB } from "../generated/kysely/database";
import { newId } from "../sql/values";
import { runsOfParts, type Manuscript } from "./read-manuscript";
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
  // The document's parts, after the book's own: the chapters come at the end, so each part's stand together.
  const last = await trx.selectFrom("Part").select((eb) => eb.fn.max("position").as("position")).where("bookId", "=", bookId).executeTakeFirst();
  const parts: { id: string; title: string }[] = [];
  for (const [index, run] of runsOfParts(manuscript.chapters).entries()) {
    const now = new Date();
    const part = { id: newId(), bookId, title: run.title, position: Number(last?.position ?? 0) + index + 1, createdAt: now, updatedAt: now };
    await trx.insertInto("Part").values(part).execute();
    const ids = run.chapters.map((at) => chapters[at]!.id);
    await trx.updateTable("Chapter").set({ partId: part.id }).where("id", "in", ids).execute();
    for (const at of run.chapters) chapters[at] = { ...chapters[at]!, partId: part.id };
    parts.push({ id: part.id, title: part.title });
  }
  const book = await trx.selectFrom("Book").select(bookColumns).where("id", "=", bookId).executeTakeFirstOrThrow();
  return {
    book: toBookDto(book, role),
    chapterCount: chapters.length,
    chapters: chapters.map(({ id, title, position, wordCount, partId }) => ({ id, title, position, wordCount, partId })),
    parts,
  };
}
