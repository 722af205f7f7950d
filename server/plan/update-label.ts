import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { bookTransaction, loadBook } from "../books/access";
import { AppError } from "../errors";
import { labelsOf, refuseTakenName, toLabelDto } from "./named";
import type { LabelDto } from "./schemas";

// PATCH /api/v1/books/{bookId}/labels/{labelId} — rename or recolour a label
export async function updateLabel(input: { bookId: string; labelId: string; changes: { name?: string; colour?: string } }, principal: Principal): Promise<LabelDto> {
  authorize(principal, "labels.update");
  const book = await loadBook(principal, input.bookId, "labels.update");
  return bookTransaction(book.id, async (trx) => {
    const existing = await labelsOf(trx, book.id);
    const label = existing.find((row) => row.id === input.labelId);
    if (!label) throw new AppError("not_found", "This book has no label with this id.");
    const { name, colour } = input.changes;
    if (name !== undefined) refuseTakenName("label", existing, name, label.id);
    await trx.updateTable("Label").set({ ...(name !== undefined && { name }), ...(colour !== undefined && { colour }), updatedAt: new Date() }).where("id", "=", label.id).execute();
    return toLabelDto(await trx.selectFrom("Label").selectAll().where("id", "=", label.id).executeTakeFirstOrThrow());
  });
}
