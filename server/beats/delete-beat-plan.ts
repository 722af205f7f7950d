import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { bookTransaction, loadBook } from "../books/access";
import { AppError } from "../errors";

// DELETE /api/v1/books/{bookId}/beat-plan — the plan and its placements; the analyses stay
export async function deleteBeatPlan(input: { bookId: string }, principal: Principal): Promise<void> {
  authorize(principal, "beats.delete");
  const book = await loadBook(principal, input.bookId, "beats.delete");
  await bookTransaction(book.id, async (trx) => {
    const deleted = await trx.deleteFrom("BeatPlan").where("bookId", "=", book.id).executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) throw new AppError("not_found", "This book has no beat plan.");
  });
}
