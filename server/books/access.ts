import type { Principal } from "../auth/principal";
import { actsForEveryone } from "../auth/scopes";
import type { Transaction } from "kysely";
import { engine, sql, sqlTransaction } from "../db";
import { AppError } from "../errors";
import type { DB } from "../generated/kysely/database";
import { bookColumns, type BookRow } from "./schemas";

/**
 * Loads a book the principal may act on. Another writer's book answers 403 (ids are
 * unguessable, so confirming one exists tells nothing useful); a purged book answers 410; a book
 * in the trash answers 404 book_in_trash, saying how to restore it — to everything but restoring
 * and deleting, which pass `inTrash: "allow"`.
 */
export async function loadBook(principal: Principal, bookId: string, { inTrash = "refuse" }: { inTrash?: "refuse" | "allow" } = {}): Promise<BookRow> {
  const book = await sql.selectFrom("Book").select(bookColumns).where("id", "=", bookId).executeTakeFirst();
  if (!book) throw new AppError("not_found", "No book has this id.");
  if (book.ownerId !== principal.userId && !actsForEveryone(principal)) {
    throw new AppError("forbidden", "This book belongs to another writer.");
  }
  if (book.purgedAt) throw new AppError("gone", "This book was deleted for good.");
  if (book.deletedAt && inTrash === "refuse") throw bookInTrash(book.id);
  return book;
}

/**
 * Adds to a book's totals inside the transaction that changed its chapters, and confirms there
 * that the book is still writable: a book trashed or purged since it was loaded refuses the write,
 * saying which of the two happened.
 */
export async function addToBookTotals(trx: Transaction<DB>, bookId: string, change: { words: number; chapters?: number }): Promise<void> {
  const updated = await trx
    .updateTable("Book")
    .set((eb) => ({
      wordCount: eb("wordCount", "+", change.words),
      chapterCount: eb("chapterCount", "+", change.chapters ?? 0),
      updatedAt: new Date(),
    }))
    .where("id", "=", bookId)
    .where("deletedAt", "is", null)
    .where("purgedAt", "is", null)
    .executeTakeFirst();
  if (updated.numUpdatedRows === 1n) return;
  const book = await trx.selectFrom("Book").select("purgedAt").where("id", "=", bookId).executeTakeFirst();
  if (!book || book.purgedAt) throw new AppError("gone", "This book was deleted for good meanwhile; nothing was saved.");
  throw bookInTrash(bookId, "This book was moved to the trash; nothing was saved.");
}

/**
 * A transaction on a book's chapters. It first holds the book's row until it ends, so writes to
 * one book's chapters (positions, totals) run one after another, on every instance; SQLite's
 * immediate transactions already hold the whole database.
 */
export function bookTransaction<T>(bookId: string, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  return sqlTransaction(async (trx) => {
    if (engine !== "sqlite") await trx.selectFrom("Book").select("id").where("id", "=", bookId).forUpdate().execute();
    return work(trx);
  });
}

export function bookInTrash(bookId: string, message = "This book is in the trash; restore it to open it."): AppError {
  return new AppError("book_in_trash", message, {
    restore: { method: "PATCH", path: `/api/v1/books/${bookId}`, body: { deleted: false } },
    trash: { method: "GET", path: "/api/v1/books?deleted=true" },
  });
}
