import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { bookTransaction, loadBook } from "../books/access";
import { AppError } from "../errors";
import { newId } from "../sql/values";
import { foreshadowingOf, setupColumns, payoffColumns, placeDeadline, placePassage, refuseDeadlineBeforeSetup } from "./foreshadowings";
import { MAX_FORESHADOWINGS_PER_BOOK, type CreateForeshadowingInput, type ForeshadowingDto } from "./schemas";

// POST /api/v1/books/{bookId}/foreshadowings — plant one: its setup, and a payoff (paid off at
// once) or a deadline. A deadline before the setup is 422; a payoff before it is kept with a
// warning, since flashbacks pay off what the reader meets later (decision 0501).
export async function createForeshadowing(input: { bookId: string } & CreateForeshadowingInput, principal: Principal): Promise<ForeshadowingDto> {
  authorize(principal, "foreshadowing.create");
  const book = await loadBook(principal, input.bookId, "foreshadowing.create");
  return bookTransaction(book.id, async (trx) => {
    const held = await trx.selectFrom("Foreshadowing").select((eb) => eb.fn.countAll<number>().as("count")).where("bookId", "=", book.id).executeTakeFirstOrThrow();
    if (Number(held.count) >= MAX_FORESHADOWINGS_PER_BOOK)
      throw new AppError("validation_failed", `A book keeps at most ${MAX_FORESHADOWINGS_PER_BOOK} foreshadowings; delete some first.`, { limit: MAX_FORESHADOWINGS_PER_BOOK });
    const setup = await placePassage(trx, book.id, "setup", input.setup);
    const payoff = input.payoff ? await placePassage(trx, book.id, "payoff", input.payoff) : null;
    const deadline = input.deadline ? await placeDeadline(trx, book.id, input.deadline) : { deadlineChapterId: null, deadlineChapterNumber: null };
    const now = new Date();
    const id = newId();
    await trx
      .insertInto("Foreshadowing")
      .values({
        id,
        bookId: book.id,
        title: input.title,
        note: input.note ?? "",
        state: payoff ? "paid_off" : "planted",
        ...setupColumns(setup),
        ...payoffColumns(payoff),
        ...deadline,
        createdById: principal.userId,
        createdAt: now,
        updatedAt: now,
        settledAt: payoff ? now : null,
      })
      .execute();
    const created = await foreshadowingOf(trx, book.id, id);
    refuseDeadlineBeforeSetup(created);
    return created;
  });
}
