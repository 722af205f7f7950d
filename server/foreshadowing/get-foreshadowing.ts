import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { loadBook } from "../books/access";
import { sql } from "../db";
import { foreshadowingOf } from "./foreshadowings";
import type { ForeshadowingDto } from "./schemas";

// GET /api/v1/books/{bookId}/foreshadowings/{foreshadowingId}
export async function getForeshadowing(input: { bookId: string; foreshadowingId: string }, principal: Principal): Promise<ForeshadowingDto> {
  authorize(principal, "foreshadowing.get");
  const book = await loadBook(principal, input.bookId, "foreshadowing.get");
  return foreshadowingOf(sql, book.id, input.foreshadowingId);
}
