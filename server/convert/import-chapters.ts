import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { bookTransaction, loadBook } from "../books/access";
import { asCountRule } from "../text/text-rules";
import { readManuscript } from "./read-manuscript";
import { saveImportedChapters } from "./save-imported-chapters";
import type { ImportResultDto, ImportInput } from "./schemas";

// POST /api/v1/books/{bookId}/import — a manuscript's chapters appended to a book, all or none.
export async function importChapters(input: Omit<ImportInput, "title"> & { bookId: string }, principal: Principal): Promise<ImportResultDto> {
  authorize(principal, "books.import");
  const book = await loadBook(principal, input.bookId, "books.import");
  const manuscript = await readManuscript(input.file, { ...input, countRule: asCountRule(book.countRule) }, principal);
  return bookTransaction(book.id, (trx) => saveImportedChapters(trx, book.id, manuscript, principal.userId, book.role));
}
