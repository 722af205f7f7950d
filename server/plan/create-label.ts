import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { bookTransaction, loadBook } from "../books/access";
import { newId } from "../sql/values";
import { labelsOf, nextColour, refuseTakenName, refuseWhenFull, toLabelDto } from "./named";
import type { LabelDto } from "./schemas";

// POST /api/v1/books/{bookId}/labels — a new label (a name the book already has is 409 name_taken)
export async function createLabel(input: { bookId: string; name: string; colour?: string }, principal: Principal): Promise<LabelDto> {
  authorize(principal, "labels.create");
  const book = await loadBook(principal, input.bookId, "labels.create");
  return bookTransaction(book.id, async (trx) => {
    const existing = await labelsOf(trx, book.id);
    refuseTakenName("label", existing, input.name);
    refuseWhenFull("labels", existing.length);
    const now = new Date();
    const row = { id: newId(), bookId: book.id, name: input.name, colour: input.colour ?? nextColour(existing.length), createdAt: now, updatedAt: now };
    await trx.insertInto("Label").values(row).execute();
    return toLabelDto(row);
  });
}
