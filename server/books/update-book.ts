import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { AppError } from "../errors";
import { sql } from "../db";
import { assertPrecondition, changedSince, nextUpdatedAt, validatorsOf, type Precondition } from "../preconditions";
import { asCountRule, asParagraphIndent } from "../text/text-rules";
import { loadBook } from "./access";
import { bookDefaults } from "./language";
import { recountBook } from "./recount-words";
import { assertCan } from "./policy";
import { bookColumns, toBookDto, type BookChanges, type BookDto, type BookRow } from "./schemas";

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
  const { countRule, ...rest } = followingTheLanguage(book, attributes);
  const updatedAt = nextUpdatedAt(book.updatedAt);
  const row = await sql
    .updateTable("Book")
    .set({ ...rest, deletedAt, updatedAt })
    .where("id", "=", book.id)
    // Checked and written at once: a write since the check leaves no row to change.
    .$if(input.precondition !== undefined, (update) => update.where("updatedAt", "=", book.updatedAt))
    .returning(bookColumns)
    .executeTakeFirst();
  if (!row) throw input.precondition ? changedSince() : new AppError("not_found", "This book was deleted meanwhile; nothing was saved.");
  if (countRule === undefined || countRule === asCountRule(row.countRule)) return toBookDto(row, book.role);
  // A new rule recounts every chapter, the trash's too, and the total; the ledger's past days
  // keep what they credited (decision 0491).
  await recountBook(book.id, countRule, () => true);
  const recounted = await sql.selectFrom("Book").select(bookColumns).where("id", "=", book.id).executeTakeFirstOrThrow();
  return toBookDto(recounted, book.role);
}

/**
 * The changes, with the counting rule and indent following a new language when the caller names
 * neither and the book still has its old language's (a book begun as English and set to Chinese
 * counts 字数 and indents two characters; one whose writer chose otherwise keeps the choice).
 */
function followingTheLanguage(book: BookRow, changes: Omit<BookChanges, "deleted">): Omit<BookChanges, "deleted"> {
  if (changes.language === undefined || changes.language === book.language) return changes;
  const was = bookDefaults(book.language);
  const now = bookDefaults(changes.language);
  return {
    ...changes,
    countRule: changes.countRule ?? (asCountRule(book.countRule) === was.countRule ? now.countRule : undefined),
    paragraphIndent: changes.paragraphIndent ?? (asParagraphIndent(book.paragraphIndent) === was.paragraphIndent ? now.paragraphIndent : undefined),
  };
}
