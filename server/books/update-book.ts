import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { AppError } from "../errors";
import { sql } from "../db";
import { assertPrecondition, changedSince, nextUpdatedAt, validatorsOf, type Precondition } from "../preconditions";
import { loadBook } from "./access";
import { assertCan } from "./policy";
import { bookColumns, toBookDto, type BookChanges, type BookDto } from "./schemas";

// PUT and PATCH /api/v1/books/{bookId}. `deleted` moves the book into or out of the trash;
// other changes need the book out of the trash. With a precondition (REST's If-Match or
// If-Unmodified-Since), the book must be as the caller read it, checked with the write: 412 otherwise.
export async function updateBook(
  input: { bookId: string; changes: BookChanges; precondition?: Precondition },
  principal: Principal,
): Promise<BookDto> {
  authorize(principal, "books.update");
  const { deleted, ...attributes } = input.changes;
  const restoring = deleted === false;
  // Restoring is the one change a book in the trash takes, and only on its own.
  const book = await loadBook(principal, input.bookId, "books.update", { inTrash: restoring && Object.keys(attributes).length === 0 ? "allow" : "refuse" });
  // Into or out of the trash is the owner's alone, as deleting is.
  if (deleted !== undefined) assertCan(principal, "delete", book);
  await assertPrecondition(input.precondition, () => validatorsOf(toBookDto(book, book.role)));
  const deletedAt = deleted === undefined ? undefined : deleted ? (book.deletedAt ?? new Date()) : null;
  const row = await sql
    .updateTable("Book")
    .set({ ...attributes, deletedAt, updatedAt: nextUpdatedAt(book.updatedAt) })
    .where("id", "=", book.id)
    // Checked and written at once: a write since the check leaves no row to change.
    .$if(input.precondition !== undefined, (update) => update.where("updatedAt", "=", book.updatedAt))
    .returning(bookColumns)
    .executeTakeFirst();
  if (!row) throw input.precondition ? changedSince() : new AppError("not_found", "This book was deleted meanwhile; nothing was saved.");
  return toBookDto(row, book.role);
}
