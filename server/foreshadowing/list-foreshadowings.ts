import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { loadBook } from "../books/access";
import { sql } from "../db";
import { foreshadowingsOf, summaryOf } from "./foreshadowings";
import type { ForeshadowingDto, ForeshadowingStatus, ForeshadowingSummary } from "./schemas";

// GET /api/v1/books/{bookId}/foreshadowings — the whole board (a book keeps at most
// MAX_FORESHADOWINGS_PER_BOOK, so it is never paged), in the reading order of the setups.
export async function listForeshadowings(input: { bookId: string; status?: ForeshadowingStatus; chapterId?: string }, principal: Principal): Promise<ForeshadowingDto[]> {
  authorize(principal, "foreshadowing.list");
  const book = await loadBook(principal, input.bookId, "foreshadowing.list");
  const { items } = await foreshadowingsOf(sql, book.id);
  const { status, chapterId } = input;
  return items.filter(
    (item) => (status === undefined || item.status === status) && (chapterId === undefined || [item.setup.chapter.id, item.payoff?.chapter.id, item.deadline?.chapterId].includes(chapterId)),
  );
}

/** The board's counts, for the book page: overdue ones are counted there. */
export async function foreshadowingSummary(input: { bookId: string }, principal: Principal): Promise<ForeshadowingSummary> {
  authorize(principal, "foreshadowing.list");
  const book = await loadBook(principal, input.bookId, "foreshadowing.list");
  const { items, order } = await foreshadowingsOf(sql, book.id);
  return summaryOf(items, order);
}
