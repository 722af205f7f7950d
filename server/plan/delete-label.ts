import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { bookTransaction, loadBook } from "../books/access";
import { AppError } from "../errors";

// DELETE /api/v1/books/{bookId}/labels/{labelId} — the label goes, and with it only its marks on the plan
export async function deleteLabel(input: { bookId: string; labelId: string }, principal: Principal): Promise<void> {
  authorize(principal, "labels.delete");
  const book = await loadBook(principal, input.bookId, "labels.delete");
  await bookTransaction(book.id, async (trx) => {
    await trx.deleteFrom("PlanLabel").where("labelId", "=", input.labelId).where("labelId", "in", trx.selectFrom("Label").select("id").where("bookId", "=", book.id)).execute();
    const deleted = await trx.deleteFrom("Label").where("id", "=", input.labelId).where("bookId", "=", book.id).executeTakeFirst();
    if (deleted.numDeletedRows === 0n) throw new AppError("not_found", "This book has no label with this id.");
  });
}
