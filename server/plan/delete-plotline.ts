import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { bookTransaction, loadBook } from "../books/access";
import { AppError } from "../errors";
import { plotlinesOf } from "./named";

// DELETE /api/v1/books/{bookId}/plotlines/{plotlineId} — the plotline goes, and with it only its
// marks on the plan (the synopses and everything else stay); the ones after it move up
export async function deletePlotline(input: { bookId: string; plotlineId: string }, principal: Principal): Promise<void> {
  authorize(principal, "plotlines.delete");
  const book = await loadBook(principal, input.bookId, "plotlines.delete");
  await bookTransaction(book.id, async (trx) => {
    await trx.deleteFrom("PlanPlotline").where("plotlineId", "=", input.plotlineId).where("plotlineId", "in", trx.selectFrom("Plotline").select("id").where("bookId", "=", book.id)).execute();
    const deleted = await trx.deleteFrom("Plotline").where("id", "=", input.plotlineId).where("bookId", "=", book.id).executeTakeFirst();
    if (deleted.numDeletedRows === 0n) throw new AppError("not_found", "This book has no plotline with this id.");
    for (const [index, row] of (await plotlinesOf(trx, book.id)).entries()) {
      if (row.position !== index + 1) await trx.updateTable("Plotline").set({ position: index + 1 }).where("id", "=", row.id).execute();
    }
  });
}
