import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { bookTransaction, loadBook } from "../books/access";
import { AppError } from "../errors";
import { plotlinesOf, refuseTakenName, toPlotlineDto } from "./named";
import type { PlotlineDto } from "./schemas";

// PATCH /api/v1/books/{bookId}/plotlines/{plotlineId} — rename, recolour or move a plotline; a
// move renumbers the others so that places stay 1…n
export async function updatePlotline(
  input: { bookId: string; plotlineId: string; changes: { name?: string; colour?: string; position?: number } },
  principal: Principal,
): Promise<PlotlineDto> {
  authorize(principal, "plotlines.update");
  const book = await loadBook(principal, input.bookId, "plotlines.update");
  return bookTransaction(book.id, async (trx) => {
    const existing = await plotlinesOf(trx, book.id);
    const plotline = existing.find((row) => row.id === input.plotlineId);
    if (!plotline) throw new AppError("not_found", "This book has no plotline with this id.");
    const { name, colour, position } = input.changes;
    if (name !== undefined) refuseTakenName("plotline", existing, name, plotline.id);
    const now = new Date();
    if (name !== undefined || colour !== undefined) {
      await trx.updateTable("Plotline").set({ ...(name !== undefined && { name }), ...(colour !== undefined && { colour }), updatedAt: now }).where("id", "=", plotline.id).execute();
    }
    if (position !== undefined) {
      const order = existing.filter((row) => row.id !== plotline.id);
      order.splice(Math.min(position, existing.length) - 1, 0, plotline);
      for (const [index, row] of order.entries()) {
        if (row.position !== index + 1) await trx.updateTable("Plotline").set({ position: index + 1 }).where("id", "=", row.id).execute();
      }
    }
    return toPlotlineDto(await trx.selectFrom("Plotline").selectAll().where("id", "=", plotline.id).executeTakeFirstOrThrow());
  });
}
