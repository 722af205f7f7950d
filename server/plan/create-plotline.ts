import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { bookTransaction, loadBook } from "../books/access";
import { newId } from "../sql/values";
import { nextColour, plotlinesOf, refuseTakenName, refuseWhenFull, toPlotlineDto } from "./named";
import type { PlotlineDto } from "./schemas";

// POST /api/v1/books/{bookId}/plotlines — a new plotline after the book's last (a name the book
// already has is 409 name_taken)
export async function createPlotline(input: { bookId: string; name: string; colour?: string }, principal: Principal): Promise<PlotlineDto> {
  authorize(principal, "plotlines.create");
  const book = await loadBook(principal, input.bookId, "plotlines.create");
  return bookTransaction(book.id, async (trx) => {
    const existing = await plotlinesOf(trx, book.id);
    refuseTakenName("plotline", existing, input.name);
    refuseWhenFull("plotlines", existing.length);
    const now = new Date();
    const row = { id: newId(), bookId: book.id, name: input.name, colour: input.colour ?? nextColour(existing.length), position: existing.length + 1, createdAt: now, updatedAt: now };
    await trx.insertInto("Plotline").values(row).execute();
    return toPlotlineDto(row);
  });
}
