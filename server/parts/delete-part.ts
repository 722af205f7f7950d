import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { bookTransaction, loadBook } from "../books/access";
import { AppError } from "../errors";
import { settleOrder } from "./order";

// DELETE /api/v1/books/{bookId}/parts/{partId} — the part goes; its chapters stay where they stand
// in the book, outside any part (their text is the writer's work, a part only its heading).
export async function deletePart(input: { bookId: string; partId: string }, principal: Principal): Promise<void> {
  authorize(principal, "parts.delete");
  const book = await loadBook(principal, input.bookId, "parts.delete");
  await bookTransaction(book.id, async (trx) => {
    // Its chapters first, rather than trusting the key's ON DELETE SET NULL to every engine's settings.
    await trx.updateTable("Chapter").set({ partId: null }).where("partId", "=", input.partId).where("bookId", "=", book.id).execute();
    const deleted = await trx.deleteFrom("Part").where("id", "=", input.partId).where("bookId", "=", book.id).executeTakeFirst();
    if (deleted.numDeletedRows === 0n) throw new AppError("not_found", "This book has no part with this id.");
    // The parts after it move up a rank.
    await settleOrder(trx, book.id);
  });
}
