import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { sql } from "../db";
import { loadBook } from "./access";
import { assertCan } from "./policy";
import { bookColumns, toBookDto, type BookChanges, type BookDto } from "./schemas";

// PUT and PATCH /api/v1/books/{bookId}. `deleted` moves the book into or out of the trash;
// other changes need the book out of the trash.
export async function updateBook(
  input: { bookId: string; changes: BookChanges },
  principal: Principal,
): Promise<BookDto> {
  authorize(principal, "books.update");
  const { deleted, ...attributes } = input.changes;
  const restoring = deleted === false;
  // Restoring is the one change a book in the trash takes, and only on its own.
  const book = await loadBook(principal, input.bookId, "books.update", { inTrash: restoring && Object.keys(attributes).length === 0 ? "allow" : "refuse" });
  // Into or out of the trash is the owner's alone, as deleting is.
  if (deleted !== undefined) assertCan(principal, "delete", book);
  const deletedAt = deleted === undefined ? undefined : deleted ? (book.deletedAt ?? new Date()) : null;
  const row = await sql
    .updateTable("Book")
    .set({ ...attributes, deletedAt, updatedAt: new Date() })
    .where("id", "=", book.id)
    .returning(bookColumns)
    .executeTakeFirstOrThrow();
  return toBookDto(row, book.role);
}
