import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { loadBook } from "../books/access";
import { sql } from "../db";
import { partOf } from "./parts";
import type { PartDto } from "./schemas";

// GET /api/v1/books/{bookId}/parts/{partId} — one part
export async function getPart(input: { bookId: string; partId: string }, principal: Principal): Promise<PartDto> {
  authorize(principal, "parts.get");
  return partOf(sql, await loadBook(principal, input.bookId, "parts.get"), principal, input.partId);
}
