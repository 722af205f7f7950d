import type { Selectable, Transaction } from "kysely";
import { loadLanguageData } from "../analysis/engine/language-data";
import type { Principal } from "../auth/principal";
import type { Operation } from "../auth/scopes";
import { loadBook } from "../books/access";
import type { BookRow } from "../books/schemas";
import { engine, sql, sqlTransaction } from "../db";
import { AppError } from "../errors";
import type { BibleEntry, DB } from "../generated/kysely/database";
import { storedPicture } from "../pictures/schemas";
import { entryNameKeys, NameIndex, nameTaken } from "./name-index";
import { commonWordWarnings, namesOf } from "./names";
import { parseList } from "./stored-list";
import type { EntryDto } from "./schemas";

export type EntryRow = Selectable<BibleEntry>;
type Reader = Pick<Transaction<DB>, "selectFrom">;

/** A book and its series: whose bible a request works on. */
export interface BibleBook extends BookRow {
  seriesId: string | null;
}

/** The book the principal may act on, with its series (loadBook's checks: 403, 404, 410, trash). */
export async function loadBibleBook(principal: Principal, bookId: string, operation: Operation): Promise<BibleBook> {
  return withSeries(await loadBook(principal, bookId, operation));
}

/** A book already loaded, with the series whose entries it sees too. */
export async function withSeries<T extends { id: string }>(book: T): Promise<T & { seriesId: string | null }> {
  const { seriesId } = await sql.selectFrom("Book").select("seriesId").where("id", "=", book.id).executeTakeFirstOrThrow();
  return { ...book, seriesId };
}

/** The entries a book sees: its own, and its series'. */
export function visibleEntries(db: Reader, book: { id: string; seriesId: string | null }) {
  return db.selectFrom("BibleEntry").where((eb) => (book.seriesId ? eb.or([eb("bookId", "=", book.id), eb("seriesId", "=", book.seriesId)]) : eb("bookId", "=", book.id)));
}

/** One entry the book sees; another book's entry is as unknown as a missing one (404). */
export async function loadEntry(principal: Principal, bookId: string, entryId: string, operation: Operation): Promise<{ book: BibleBook; entry: EntryRow }> {
  const book = await loadBibleBook(principal, bookId, operation);
  const entry = await visibleEntries(sql, book).selectAll().where("id", "=", entryId).executeTakeFirst();
  if (!entry) throw new AppError("not_found", "This book's bible has no entry with this id.");
  return { book, entry };
}

/**
 * Refuses names or aliases another entry these books see already has (409 naming it), and
 * entries or aliases past the limits (422). Runs inside the writing transaction.
 */
export async function checkNamesFree(
  db: Reader,
  scope: { bookId: string | null; seriesId: string | null },
  names: readonly string[],
  options: { exceptEntryId?: string; adding?: number } = {},
): Promise<void> {
  const keys = entryNameKeys(names);
  const index = await NameIndex.load(db, scope, options.exceptEntryId);
  if (options.adding) index.refuseWhenFull(scope);
  const clash = index.clash(scope, keys);
  if (clash) throw nameTaken(names[clash.at]!, clash.holder);
}

/**
 * A write transaction on a bible. On PostgreSQL it first holds the rows of the book (or the
 * series) the entry belongs to, so two writers naming entries at once are checked one after the
 * other; SQLite's immediate transactions hold the whole database already.
 */
export function bibleTransaction<T>(scope: { bookId: string | null; seriesId: string | null }, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  return sqlTransaction(async (trx) => {
    if (engine !== "sqlite") {
      if (scope.seriesId) await trx.selectFrom("Series").select("id").where("id", "=", scope.seriesId).forUpdate().execute();
      const books = trx.selectFrom("Book").select("id").forUpdate();
      await (scope.bookId ? books.where("id", "=", scope.bookId) : books.where("seriesId", "=", scope.seriesId)).execute();
    }
    return work(trx);
  });
}

function parseFields(json: string): { key: string; value: string }[] {
  const value = JSON.parse(json) as unknown;
  return Array.isArray(value) ? (value as { key: string; value: string }[]) : [];
}

/** What a reader gets of entries: their rows, with their exit chapters. */
export async function toEntryDtos(bookId: string, rows: EntryRow[]): Promise<EntryDto[]> {
  await loadLanguageData(); // the stop-words that flag common-word names
  const exitIds = [...new Set(rows.map((row) => row.exitChapterId).filter((id): id is string => id !== null))];
  const exits = exitIds.length
    ? new Map((await sql.selectFrom("Chapter").select(["id", "bookId", "title", "position"]).where("id", "in", exitIds).execute()).map((c) => [c.id, c]))
    : new Map<string, never>();
  return rows.map((row) => toEntryDto(bookId, row, row.exitChapterId ? (exits.get(row.exitChapterId) ?? null) : null));
}

export async function entryDto(bookId: string, row: EntryRow): Promise<EntryDto> {
  return (await toEntryDtos(bookId, [row]))[0]!;
}

function toEntryDto(bookId: string, row: EntryRow, exitChapter: { id: string; bookId: string; title: string; position: number } | null): EntryDto {
  const aliases = parseList(row.aliases);
  return {
    id: row.id,
    scope: row.seriesId ? "series" : "book",
    bookId: row.bookId,
    seriesId: row.seriesId,
    kind: row.kind,
    name: row.name,
    aliases,
    description: row.description,
    fields: parseFields(row.fields),
    tags: parseList(row.tags),
    status: { note: row.statusNote, exitChapter },
    picture: storedPicture({ mediaType: row.pictureMediaType, size: row.pictureSize, updatedAt: row.pictureUpdatedAt }, `/api/v1/books/${bookId}/bible/entries/${row.id}/picture`),
    warnings: commonWordWarnings(namesOf({ name: row.name, aliases })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * An exit chapter must be a chapter of a book that sees the entry (a series' entry may exit in any
 * of the series' books).
 */
export async function checkExitChapter(db: Reader, scope: { bookId: string | null; seriesId: string | null }, chapterId: string | null | undefined): Promise<void> {
  if (!chapterId) return;
  const chapter = await db
    .selectFrom("Chapter")
    .innerJoin("Book", "Book.id", "Chapter.bookId")
    .select(["Chapter.bookId", "Book.seriesId"])
    .where("Chapter.id", "=", chapterId)
    .where("Chapter.deletedAt", "is", null)
    .executeTakeFirst();
  const fits = chapter && (scope.bookId ? chapter.bookId === scope.bookId : chapter.seriesId === scope.seriesId);
  if (!fits) throw new AppError("validation_failed", "The exit chapter is not a chapter of this book.", [{ path: "status.exitChapterId", message: "not a chapter of a book this entry belongs to" }]);
}
