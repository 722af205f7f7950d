import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { loadBook } from "../books/access";
import { sql } from "../db";
import { partsOf } from "./parts";
import type { PartDto } from "./schemas";

// GET /api/v1/books/{bookId}/parts — the book's parts in order (none for a book without parts)
export async function listParts(input: { bookId: string }, principal: Principal): Promise<PartDto[]> {
  authorize(principal, "parts.list");
  return partsOf(sql, await loadBook(principal, input.bookId, "parts.list"), principal);
}
