import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { transaction } from "../db";
import { newId } from "../sql/values";
import { COUNT_RULE } from "../text/prose";
import { announceBookCreated } from "../webhooks/announce";
import { bookDefaults } from "./language";
import { newBookLanguage } from "./new-book-language";
import { bookColumns, toBookDto, type BookDto, type CreateBookInput } from "./schemas";

// POST /api/v1/books
export async function createBook(input: CreateBookInput, principal: Principal): Promise<BookDto> {
  authorize(principal, "books.create");
  const now = new Date();
  const language = input.language ?? (await newBookLanguage(principal));
  // The book and its book.created deliveries commit together.
  const row = await transaction(async (trx) => {
    const made = await trx
      .insertInto("Book")
      // The counting rule and indent the caller left out are the language's.
      .values({ ...bookDefaults(language), ...withoutUndefined(input), language, id: newId(), ownerId: principal.userId, wordCountRule: COUNT_RULE, createdAt: now, updatedAt: now })
      .returning(bookColumns)
      .executeTakeFirstOrThrow();
    await announceBookCreated(trx, made);
    return made;
  });
  return toBookDto(row, "owner");
}

function withoutUndefined<T extends object>(input: T): T {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as T;
}
