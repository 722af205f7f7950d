import type { Transaction } from "kysely";
import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { AppError } from "../errors";
import type { DB } from "../generated/kysely/database";
import { newId } from "../sql/values";
import { bibleTransaction, checkExitChapter, checkNamesFree, entryDto, loadBibleBook, type BibleBook, type EntryRow } from "./entries";
import type { CreateEntryInput, EntryDto } from "./schemas";

// POST /api/v1/books/{bookId}/bible/entries — a new entry of the book, or of its series
export async function createEntry(input: { bookId: string } & CreateEntryInput, principal: Principal): Promise<EntryDto> {
  authorize(principal, "bible.createEntry");
  const book = await loadBibleBook(principal, input.bookId, "bible.createEntry");
  const scope = entryScope(book, input.scope);
  const row = await bibleTransaction(scope, (trx) => insertEntry(trx, scope, input));
  return entryDto(book.id, row);
}

/** Where a new entry goes: the book, or the series the book belongs to. */
export function entryScope(book: BibleBook, scope: "book" | "series"): { bookId: string | null; seriesId: string | null } {
  if (scope === "book") return { bookId: book.id, seriesId: null };
  if (!book.seriesId) {
    throw new AppError("validation_failed", "This book belongs to no series: add it to one first.", [{ path: "scope", message: "the book is in no series" }]);
  }
  return { bookId: null, seriesId: book.seriesId };
}

/** Checks the names (409) and limits (422), then writes the entry; inside the bible's transaction. */
export async function insertEntry(
  trx: Transaction<DB>,
  scope: { bookId: string | null; seriesId: string | null },
  fields: Omit<CreateEntryInput, "scope">,
): Promise<EntryRow> {
  await checkNamesFree(trx, scope, [fields.name, ...fields.aliases], { adding: 1 });
  await checkExitChapter(trx, scope, fields.status.exitChapterId);
  const now = new Date();
  return trx
    .insertInto("BibleEntry")
    .values({
      id: newId(),
      bookId: scope.bookId,
      seriesId: scope.seriesId,
      kind: fields.kind,
      name: fields.name,
      aliases: JSON.stringify(fields.aliases),
      description: fields.description,
      fields: JSON.stringify(fields.fields),
      tags: JSON.stringify(fields.tags),
      statusNote: fields.status.note,
      exitChapterId: fields.status.exitChapterId,
      createdAt: now,
      updatedAt: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
