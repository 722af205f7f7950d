import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { bookTransaction, loadBook } from "../books/access";
import type { OrderEntry } from "./contents-tree";
import { contentsOf } from "./contents";
import { checkOrderVersion, writeOrder } from "./order";
import type { ContentsDto } from "./schemas";

// PUT /api/v1/books/{bookId}/contents — the book's new order of parts and chapters, made against
// the order version it names (stale: 409). Moving chapters into, out of and between parts and
// reordering parts are all this one write; the chapter order (PUT …/chapter-order) is its flat form.
export async function reorderContents(input: { bookId: string; orderVersion: number; entries: OrderEntry[] }, principal: Principal): Promise<ContentsDto> {
  authorize(principal, "chapters.reorder");
  const book = await loadBook(principal, input.bookId, "chapters.reorder");
  return bookTransaction(book.id, async (trx) => {
    await checkOrderVersion(trx, book.id, input.orderVersion);
    await writeOrder(trx, book.id, input.entries);
    return contentsOf(trx, book, principal);
  });
}
