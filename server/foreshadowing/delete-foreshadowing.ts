import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { bookTransaction, loadBook } from "../books/access";
import { AppError } from "../errors";

// DELETE /api/v1/books/{bookId}/foreshadowings/{foreshadowingId} — gone for good (dropping one keeps it on the board)
export async function deleteForeshadowing(input: { bookId: string; foreshadowingId: string }, principal: Principal): Promise<void> {
  authorize(principal, "foreshadowing.delete");
  const book = await loadBook(principal, input.bookId, "foreshadowing.delete");
  await bookTransaction(book.id, async (trx) => {
    const deleted = await trx.deleteFrom("Foreshadowing").where("id", "=", input.foreshadowingId).where("bookId", "=", book.id).executeTakeFirst();
    if (deleted.numDeletedRows === 0n) throw new AppError("not_found", "This book has no foreshadowing with this id.");
  });
}
