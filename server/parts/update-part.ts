import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { bookTransaction, loadBook } from "../books/access";
import { AppError } from "../errors";
import { partOf } from "./parts";
import type { PartDto } from "./schemas";

// PATCH /api/v1/books/{bookId}/parts/{partId} — rename a part. Its place changes with the order
// (PUT …/contents), never here, so a rename needs no order version.
export async function updatePart(input: { bookId: string; partId: string; title: string }, principal: Principal): Promise<PartDto> {
  authorize(principal, "parts.update");
  const book = await loadBook(principal, input.bookId, "parts.update");
  return bookTransaction(book.id, async (trx) => {
    const updated = await trx.updateTable("Part").set({ title: input.title, updatedAt: new Date() }).where("id", "=", input.partId).where("bookId", "=", book.id).executeTakeFirst();
    if (updated.numUpdatedRows === 0n) throw new AppError("not_found", "This book has no part with this id.");
    return partOf(trx, book, principal, input.partId);
  });
}
