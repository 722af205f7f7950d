import type { Principal } from "../auth/principal";
import type { BookRole } from "../auth/book-roles";
import { bookActionOf, type Operation } from "../auth/scopes";
import type { Transaction } from "kysely";
import { engine, sql, sqlTransaction } from "../db";
import { AppError } from "../errors";
import type { DB } from "../generated/kysely/database";
import { assertCan, roleOn, type BookAccess } from "./policy";
import { bookColumns, type BookRow } from "./schemas";

/** Books, each with the caller's membership row beside it (null when none): what the policy reads a role from. */
export function booksWithMembership(principal: Principal) {
  return (
    sql
      .selectFrom("Book")
      .leftJoin("BookMember", (join) => join.onRef("BookMember.bookId", "=", "Book.id").on("BookMember.userId", "=", principal.userId))
      // the snapshot the book shares with its readers, who then read it and no live chapter (decision 0497)
      .leftJoin("ReaderShare", "ReaderShare.bookId", "Book.id")
  );
}

/** A book's columns and the caller's role as a member, read from booksWithMembership. */
export const bookWithMembershipColumns = [...bookColumns.map((column) => `Book.${column}` as const), "BookMember.role as memberRole", "ReaderShare.snapshotId as readerSnapshotId"] as const;

/** A book as loaded for a caller: with the role the caller acts with on it. */
export type LoadedBook = BookRow & BookAccess & { role: BookRole };

/**
 * Loads a book for one operation, after asking the policy whether the caller's role on it allows
 * what the operation does (its `book` action in OPERATIONS). A book the caller has no role on
 * answers 403 (ids are unguessable, so confirming one exists tells nothing useful); a role that
 * does not allow it, 403 naming the role; a purged book 410; a book in the trash 404
 * book_in_trash, saying how to restore it — to everything but restoring and deleting, which pass
 * `inTrash: "allow"`. The membership is read on every call, so a removed member is refused at
 * their very next request.
 */
export async function loadBook(principal: Principal, bookId: string, operation: Operation, { inTrash = "refuse" }: { inTrash?: "refuse" | "allow" } = {}): Promise<LoadedBook> {
  const action = bookActionOf(operation);
  if (!action) throw new Error(`${operation} declares no action on a book`);
  const book = await booksWithMembership(principal).select(bookWithMembershipColumns).where("Book.id", "=", bookId).executeTakeFirst();
  if (!book) throw new AppError("not_found", "No book has this id.");
  assertCan(principal, action, book);
  if (book.purgedAt) throw new AppError("gone", "This book was deleted for good.");
  if (book.deletedAt && inTrash === "refuse") throw bookInTrash(book.id);
  return { ...book, role: roleOn(principal, book)! };
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
      // A chapter added, trashed or brought back changes the book's order: a reorder made before is stale.
      ...(change.chapters ? { orderVersion: eb("orderVersion", "+", 1) } : {}),
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
