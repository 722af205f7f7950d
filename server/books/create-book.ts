import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { sql } from "../db";
import { newId } from "../sql/values";
import { COUNT_RULE } from "../text/prose";
import { bookColumns, toBookDto, type BookDto, type CreateBookInput } from "./schemas";

// POST /api/v1/books
export async function createBook(input: CreateBookInput, principal: Principal): Promise<BookDto> {
  authorize(principal, "books.create");
  const now = new Date();
  const row = await sql
    .insertInto("Book")
    .values({ ...input, id: newId(), ownerId: principal.userId, wordCountRule: COUNT_RULE, createdAt: now, updatedAt: now })
    .returning(bookColumns)
    .executeTakeFirstOrThrow();
  return toBookDto(row, "owner");
}
