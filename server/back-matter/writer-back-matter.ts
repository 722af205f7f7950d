import { sql } from "../db";
import { AppError } from "../errors";
import { storedAlsoBy, type AlsoByEntry, type AlsoByEntryInput } from "./schemas";

/** The writer's back matter as stored on their row, "also by" as given. */
export async function loadWriterBackMatter(userId: string) {
  const row = await sql
    .selectFrom("User")
    .select(["backMatterAboutAuthor", "backMatterAcknowledgements", "backMatterAlsoBy"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!row) throw new AppError("not_found", "This account no longer exists.");
  return { aboutAuthor: row.backMatterAboutAuthor, acknowledgements: row.backMatterAcknowledgements, alsoBy: storedAlsoBy(row.backMatterAlsoBy) };
}

/**
 * The "also by" entries as they print: each book or series by its current title, a series with its
 * books in series order. An entry whose book or series is gone (deleted, in the trash, handed to
 * another writer) is left out rather than printed stale; `except` (the book being exported) is
 * never listed as another of its writer's books.
 */
export async function resolveAlsoBy(ownerId: string, entries: AlsoByEntryInput[], except?: string): Promise<AlsoByEntry[]> {
  const bookIds = entries.flatMap((entry) => ("bookId" in entry ? [entry.bookId] : []));
  const seriesIds = entries.flatMap((entry) => ("seriesId" in entry ? [entry.seriesId] : []));
  const [books, series, seriesBooks] = await Promise.all([
    bookIds.length === 0
      ? []
      : sql.selectFrom("Book").select(["id", "title"]).where("ownerId", "=", ownerId).where("deletedAt", "is", null).where("purgedAt", "is", null).where("id", "in", bookIds).execute(),
    seriesIds.length === 0 ? [] : sql.selectFrom("Series").select(["id", "title"]).where("ownerId", "=", ownerId).where("id", "in", seriesIds).execute(),
    seriesIds.length === 0
      ? []
      : sql
          .selectFrom("Book")
          .select(["title", "seriesId"])
          .where("ownerId", "=", ownerId)
          .where("deletedAt", "is", null)
          .where("purgedAt", "is", null)
          .where("seriesId", "in", seriesIds)
          .orderBy("seriesPosition")
          .orderBy("title")
          .execute(),
  ]);
  const bookTitle = new Map(books.map((book) => [book.id, book.title]));
  const seriesTitle = new Map(series.map((one) => [one.id, one.title]));
  return entries.flatMap((entry): AlsoByEntry[] => {
    if ("title" in entry) return [{ bookId: null, seriesId: null, title: entry.title, books: [] }];
    if ("bookId" in entry) {
      const title = entry.bookId === except ? undefined : bookTitle.get(entry.bookId);
      return title === undefined ? [] : [{ bookId: entry.bookId, seriesId: null, title, books: [] }];
    }
    const title = seriesTitle.get(entry.seriesId);
    if (title === undefined) return [];
    return [{ bookId: null, seriesId: entry.seriesId, title, books: seriesBooks.filter((book) => book.seriesId === entry.seriesId).map((book) => book.title) }];
  });
}

/**
 * 422 unless every book and series the entries name is the writer's own (not in the trash): an
 * "also by" list advertises the writer's work, never a co-author's or another writer's.
 */
export async function requireOwnEntries(ownerId: string, entries: AlsoByEntryInput[]): Promise<void> {
  const resolved = await resolveAlsoBy(ownerId, entries);
  const found = new Set(resolved.flatMap((entry) => [entry.bookId, entry.seriesId]).filter((value) => value !== null));
  const problems = entries.flatMap((entry, index) => {
    if ("bookId" in entry && !found.has(entry.bookId)) return [{ path: `alsoBy.${index}.bookId`, message: `${entry.bookId} is not one of your books (or it is in the trash)` }];
    if ("seriesId" in entry && !found.has(entry.seriesId)) return [{ path: `alsoBy.${index}.seriesId`, message: `${entry.seriesId} is not one of your series` }];
    return [];
  });
  if (problems.length > 0) {
    throw new AppError("validation_failed", `"Also by" lists your own books and series only: ${problems.length === 1 ? "one entry names" : `${problems.length} entries name`} something that is not yours.`, problems);
  }
}
