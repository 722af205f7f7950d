import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { loadBook } from "../books/access";
import { sql } from "../db";
import { outlineOf } from "./outline";
import type { OutlineDto, OutlineFilters } from "./schemas";

// GET /api/v1/books/{bookId}/plan — the book's plan in reading order (the outline), filtered
export async function getOutline(input: { bookId: string } & OutlineFilters, principal: Principal): Promise<OutlineDto> {
  authorize(principal, "plan.outline");
  const { bookId, ...filters } = input;
  const book = await loadBook(principal, bookId, "plan.outline");
  return outlineOf(sql, book, principal, filters);
}
