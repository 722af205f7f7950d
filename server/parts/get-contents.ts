import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { loadBook } from "../books/access";
import { sql } from "../db";
import { contentsOf } from "./contents";
import type { ContentsDto } from "./schemas";

// GET /api/v1/books/{bookId}/contents — the chapters grouped under their parts, and the order version
export async function getContents(input: { bookId: string }, principal: Principal): Promise<ContentsDto> {
  authorize(principal, "parts.contents");
  return contentsOf(sql, await loadBook(principal, input.bookId, "parts.contents"), principal);
}
