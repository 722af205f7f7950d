import { z } from "zod";
import type { Principal } from "../auth/principal";
import { actsForEveryone, authorize } from "../auth/scopes";
import { booleanFilter, defineCollection, pageOf, pageWindow, type OptionsOf, type Page } from "../collections";
import { db } from "../db";
import type { Prisma } from "../generated/prisma/client";
import { BOOK_STATUSES, bookSelect, toBookDto, type BookDto } from "./schemas";

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
  const where: Prisma.BookWhereInput = {
    ...fields,
    ownerId: actsForEveryone(principal) ? ownerId : principal.userId,
    purgedAt: null,
    deletedAt: deleted ? { not: null } : null,
  };
  if (!actsForEveryone(principal) && ownerId !== undefined && ownerId !== principal.userId) {
    return { items: [], total: 0, page: options.page, perPage: options.perPage };
  }
  const rows = await db.book.findMany({
    where,
    select: bookSelect,
    orderBy: [{ [options.sortBy]: options.order }, { id: "asc" }],
    ...pageWindow(options),
  });
  return pageOf(options, rows.map(toBookDto), () => db.book.count({ where }));
}
