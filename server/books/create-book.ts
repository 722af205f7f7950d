import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { db } from "../db";
import { COUNT_RULE } from "../text/prose";
import { bookSelect, toBookDto, type BookDto, type CreateBookInput } from "./schemas";

// POST /api/v1/books
export async function createBook(input: CreateBookInput, principal: Principal): Promise<BookDto> {
  authorize(principal, "books.create");
  const row = await db.book.create({ data: { ...input, ownerId: principal.userId, wordCountRule: COUNT_RULE }, select: bookSelect });
  return toBookDto(row);
}
