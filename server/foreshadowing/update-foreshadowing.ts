import type { Updateable } from "kysely";
import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { bookTransaction, loadBook } from "../books/access";
import { AppError } from "../errors";
import type { DB } from "../generated/kysely/database";
import { foreshadowingOf, invalid, setupColumns, payoffColumns, placeDeadline, placePassage, refuseDeadlineBeforeSetup } from "./foreshadowings";
import type { ForeshadowingDto, ForeshadowingState, UpdateForeshadowingInput } from "./schemas";

// PATCH /api/v1/books/{bookId}/foreshadowings/{foreshadowingId} — edit, pay off (name the payoff),
// drop (state dropped) or reopen (state planted, which takes a payoff back).
export async function updateForeshadowing(input: { bookId: string; foreshadowingId: string } & UpdateForeshadowingInput, principal: Principal): Promise<ForeshadowingDto> {
  authorize(principal, "foreshadowing.update");
  const book = await loadBook(principal, input.bookId, "foreshadowing.update");
  return bookTransaction(book.id, async (trx) => {
    const current = await trx.selectFrom("Foreshadowing").select(["state", "payoffChapterId"]).where("id", "=", input.foreshadowingId).where("bookId", "=", book.id).executeTakeFirst();
    if (!current) throw new AppError("not_found", "This book has no foreshadowing with this id.");
    const changes: Updateable<DB["Foreshadowing"]> = {};
    if (input.title !== undefined) changes.title = input.title;
    if (input.note !== undefined) changes.note = input.note;
    if (input.setup !== undefined) Object.assign(changes, setupColumns(await placePassage(trx, book.id, "setup", input.setup)));
    if (input.deadline !== undefined) Object.assign(changes, input.deadline === null ? { deadlineChapterId: null, deadlineChapterNumber: null } : await placeDeadline(trx, book.id, input.deadline));
    const state = nextState(current, input);
    if (input.payoff !== undefined || state === "planted") {
      const payoff = input.payoff && state !== "planted" ? await placePassage(trx, book.id, "payoff", input.payoff) : null;
      Object.assign(changes, payoffColumns(payoff));
    }
    const now = new Date();
    if (state !== current.state) {
      changes.state = state;
      changes.settledAt = state === "planted" ? null : now;
    }
    // A new deadline, or a foreshadowing settled or reopened, may be told of as overdue again (decision 0508).
    if (input.deadline !== undefined || state !== current.state) changes.overdueToldAt = null;
    await trx
      .updateTable("Foreshadowing")
      .set({ ...changes, updatedAt: now })
      .where("id", "=", input.foreshadowingId)
      .execute();
    const updated = await foreshadowingOf(trx, book.id, input.foreshadowingId);
    // Only a change of the setup or deadline is refused for it: a reorder that put the deadline
    // first shows as a warning, and must not block renaming or paying off.
    if (input.setup !== undefined || input.deadline) refuseDeadlineBeforeSetup(updated);
    return updated;
  });
}

/**
 * The state a change leaves: as asked, else naming a payoff pays it off and taking the payoff back
 * plants it again. Paid off needs a payoff (named now or kept); planted has none.
 */
function nextState(current: { state: string; payoffChapterId: string | null }, input: UpdateForeshadowingInput): ForeshadowingState {
  const hasPayoff = input.payoff === undefined ? current.payoffChapterId !== null : input.payoff !== null;
  if (input.state === "paid_off" && !hasPayoff) throw invalid("payoff", "is needed to pay it off: name the chapter (and words) where it is paid off");
  if (input.state === "planted" && input.payoff) throw invalid("payoff", "cannot be named on a foreshadowing planted again: leave it out, or pay it off");
  if (input.state) return input.state;
  if (input.payoff) return "paid_off";
  if (input.payoff === null && current.state === "paid_off") return "planted";
  return current.state as ForeshadowingState;
}
