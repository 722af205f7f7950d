import type { Transaction } from "kysely";
import type { Principal } from "../auth/principal";
import { actsForEveryone } from "../auth/scopes";
import { bookInTrash } from "../books/access";
import { sql } from "../db";
import { AppError } from "../errors";
import type { DB } from "../generated/kysely/database";
import { nameKey, namesOf } from "./names";
import { BIBLE_LIMITS, type SeriesDto } from "./schemas";
import { parseList } from "./stored-list";

const seriesColumns = ["id", "ownerId", "title", "description", "createdAt", "updatedAt"] as const;

/** A series the principal may act on: its owner's (or any, for an admin-scoped credential); 403 otherwise. */
export async function loadSeries(principal: Principal, seriesId: string) {
  const series = await sql.selectFrom("Series").select(seriesColumns).where("id", "=", seriesId).executeTakeFirst();
  if (!series) throw new AppError("not_found", "No series has this id.");
  if (series.ownerId !== principal.userId && !actsForEveryone(principal)) throw new AppError("forbidden", "This series belongs to another writer.");
  return series;
}

export async function seriesDtos(rows: { id: string; ownerId: string; title: string; description: string; createdAt: Date; updatedAt: Date }[]): Promise<SeriesDto[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const books = await sql
    .selectFrom("Book")
    .select(["id", "title", "seriesId", "seriesPosition"])
    .where("seriesId", "in", ids)
    .where("purgedAt", "is", null)
    .orderBy("seriesPosition")
    .orderBy("id")
    .execute();
  const counts = await sql.selectFrom("BibleEntry").select((eb) => ["seriesId", eb.fn.countAll().as("count")]).where("seriesId", "in", ids).groupBy("seriesId").execute();
  return rows.map((row) => ({
    id: row.id,
    ownerId: row.ownerId,
    title: row.title,
    description: row.description,
    books: books.filter((book) => book.seriesId === row.id).map((book) => ({ id: book.id, title: book.title, position: book.seriesPosition ?? 0 })),
    entryCount: Number(counts.find((c) => c.seriesId === row.id)?.count ?? 0),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

export async function seriesDto(seriesId: string): Promise<SeriesDto> {
  const row = await sql.selectFrom("Series").select(seriesColumns).where("id", "=", seriesId).executeTakeFirstOrThrow();
  return (await seriesDtos([row]))[0]!;
}

/**
 * Makes `bookIds` the series' books, in that order. Each must be the series owner's; a book
 * leaves any other series. A book whose own entries share a name with the series' entries is
 * refused (409 naming both), as a new entry would be.
 */
export async function setSeriesBooks(trx: Transaction<DB>, series: { id: string; ownerId: string }, bookIds: readonly string[]): Promise<void> {
  if (bookIds.length > BIBLE_LIMITS.booksPerSeries) throw new AppError("bible_limit", `A series holds at most ${BIBLE_LIMITS.booksPerSeries} books.`);
  const books = bookIds.length
    ? await trx.selectFrom("Book").select(["id", "ownerId", "title", "deletedAt", "seriesId"]).where("id", "in", [...bookIds]).where("purgedAt", "is", null).execute()
    : [];
  bookIds.forEach((bookId, index) => {
    const book = books.find((b) => b.id === bookId);
    if (!book || book.ownerId !== series.ownerId) {
      throw new AppError("validation_failed", "A series holds its owner's books.", [{ path: `bookIds.${index}`, message: "no book of the series' owner has this id" }]);
    }
    // A book trashed while in the series keeps its place; one in the trash cannot join.
    if (book.deletedAt && book.seriesId !== series.id) throw bookInTrash(book.id, `"${book.title}" is in the trash; restore it before adding it to a series.`);
  });
  const seriesEntries = await trx.selectFrom("BibleEntry").select(["id", "name", "aliases"]).where("seriesId", "=", series.id).execute();
  const taken = new Map(seriesEntries.flatMap((entry) => namesOf({ name: entry.name, aliases: parseList(entry.aliases) }).map((name) => [nameKey(name), entry] as const)));
  if (taken.size > 0 && bookIds.length > 0) {
    const own = await trx.selectFrom("BibleEntry").select(["id", "name", "aliases", "bookId"]).where("bookId", "in", [...bookIds]).execute();
    for (const entry of own) {
      for (const name of namesOf({ name: entry.name, aliases: parseList(entry.aliases) })) {
        const other = taken.get(nameKey(name));
        if (other) {
          throw new AppError("name_taken", `The book's entry "${entry.name}" shares the name "${name}" with the series' entry "${other.name}".`, {
            name,
            entryId: other.id,
            entryName: other.name,
            bookEntryId: entry.id,
            bookId: entry.bookId,
          });
        }
      }
    }
  }
  await trx.updateTable("Book").set({ seriesId: null, seriesPosition: null }).where("seriesId", "=", series.id).execute();
  for (const [index, bookId] of bookIds.entries()) {
    await trx.updateTable("Book").set({ seriesId: series.id, seriesPosition: index + 1 }).where("id", "=", bookId).execute();
  }
}
