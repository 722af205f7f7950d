import { z } from "zod";
import type { Principal } from "../auth/principal";
import { actsForEveryone, authorize } from "../auth/scopes";
import { booleanFilter, defineCollection, pageOf, pageWindow, type OptionsOf, type Page } from "../collections";
import { sql } from "../db";
import { countOf } from "../sql/count";
import { BOOK_STATUSES, bookColumns, toBookDto, type BookDto } from "./schemas";

export const booksCollection = defineCollection({
  sortable: ["title", "type", "status", "wordCount", "createdAt", "updatedAt"] as const,
  defaultSort: "updatedAt",
  defaultOrder: "desc",
  filters: {
    type: z.string().min(1),
    status: z.enum(BOOK_STATUSES),
    language: z.string().min(1),
    deleted: booleanFilter.describe("true lists the trash"),
    ownerId: z.string().min(1).describe("admin scope only matters here: others see their own books anyway"),
  },
});
export type ListBooksOptions = OptionsOf<typeof booksCollection>;

// GET /api/v1/books — the caller's books (every writer's, for an admin-scoped credential).
export async function listBooks(options: ListBooksOptions, principal: Principal): Promise<Page<BookDto>> {
  authorize(principal, "books.list");
  const { deleted = false, ownerId, ...fields } = options.filters;
  if (!actsForEveryone(principal) && ownerId !== undefined && ownerId !== principal.userId) {
    return { items: [], total: 0, page: options.page, perPage: options.perPage };
  }
  let matching = sql
    .selectFrom("Book")
    .where("purgedAt", "is", null)
    .where("deletedAt", deleted ? "is not" : "is", null);
  const owner = actsForEveryone(principal) ? ownerId : principal.userId;
  if (owner !== undefined) matching = matching.where("ownerId", "=", owner);
  for (const [field, value] of Object.entries(fields)) if (value !== undefined) matching = matching.where(field as keyof typeof fields, "=", value);

  const { offset, limit } = pageWindow(options);
  const rows = await matching.select(bookColumns).orderBy(options.sortBy, options.order).orderBy("id").offset(offset).limit(limit).execute();
  return pageOf(options, rows.map(toBookDto), () => countOf(matching));
}
