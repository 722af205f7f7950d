import type { Principal } from "../auth/principal";
import { actsForEveryone } from "../auth/scopes";
import { db } from "../db";
import { AppError } from "../errors";
import { bookSelect, type BookRow } from "./schemas";

/**
 * Loads a book the principal may act on. Another writer's book answers 403 (ids are
 * unguessable, so confirming one exists tells nothing useful); a purged book answers 410.
 * `forWriting` also refuses books in the trash, which must be restored before they change.
 */
export async function loadBook(principal: Principal, bookId: string, { forWriting = false } = {}): Promise<BookRow> {
  const book = await db.book.findUnique({ where: { id: bookId }, select: bookSelect });
  if (!book) throw new AppError("not_found", "No book has this id.");
  if (book.ownerId !== principal.userId && !actsForEveryone(principal)) {
    throw new AppError("forbidden", "This book belongs to another writer.");
  }
  if (book.purgedAt) throw new AppError("gone", "This book was deleted for good.");
  if (forWriting && book.deletedAt) {
    throw new AppError("book_in_trash", "This book is in the trash; restore it before changing it.");
  }
  return book;
}
