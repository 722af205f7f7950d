import { z } from "zod";
import type { Principal } from "../auth/principal";
import { actsForEveryone, authorize } from "../auth/scopes";
import { booleanFilter, defineCollection, pageOf, pageWindow, type OptionsOf, type Page } from "../collections";
import { countOf } from "../sql/count";
import { booksWithMembership, bookWithMembershipColumns } from "./access";
import { roleOn } from "./policy";
import { BOOK_STATUSES, toBookDto, type BookDto } from "./schemas";

export const booksCollection = defineCollection({
  sortable: ["title", "type", "status", "wordCount", "createdAt", "updatedAt"] as const,
  defaultSort: "updatedAt",
  defaultOrder: "desc",
  filters: {
    type: z.string().min(1),
    status: z.enum(BOOK_STATUSES),
    language: z.string().min(1),
    deleted: booleanFilter.describe("true lists the trash"),
    ownerId: z.string().min(1).describe("only the books this writer owns (of those the caller may see)"),
    access: z
      .enum(["mine", "own", "shared"])
      .describe("mine: the caller's own books and those shared with them (the default, but for an admin-scoped credential, which sees every writer's); own: only their own; shared: only those shared with them"),
  },
});
export type ListBooksOptions = OptionsOf<typeof booksCollection>;

// GET /api/v1/books — the caller's books and the books shared with them, each with the caller's
// role (every writer's books, for an admin-scoped credential). The trash lists only books the
// caller owns: only the owner restores a book.
export async function listBooks(options: ListBooksOptions, principal: Principal): Promise<Page<BookDto>> {
  authorize(principal, "books.list");
  const { deleted = false, ownerId, access = actsForEveryone(principal) ? undefined : "mine", ...fields } = options.filters;
  let matching = booksWithMembership(principal)
    .where("Book.purgedAt", "is", null)
    .where("Book.deletedAt", deleted ? "is not" : "is", null);
  if (ownerId !== undefined) matching = matching.where("Book.ownerId", "=", ownerId);
  // Only the owner restores a book: a member never sees it in a trash.
  const own = access === "own" || (access === "mine" && deleted);
  if (own) matching = matching.where("Book.ownerId", "=", principal.userId);
  else if (access === "shared") matching = matching.where("BookMember.userId", "is not", null);
  else if (access === "mine") matching = matching.where((eb) => eb.or([eb("Book.ownerId", "=", principal.userId), eb("BookMember.userId", "is not", null)]));
  for (const [field, value] of Object.entries(fields)) if (value !== undefined) matching = matching.where(`Book.${field as keyof typeof fields}`, "=", value);

  const { offset, limit } = pageWindow(options);
  const rows = await matching
    .select(bookWithMembershipColumns)
    .orderBy(`Book.${options.sortBy}`, options.order)
    .orderBy("Book.id")
    .offset(offset)
    .limit(limit)
    .execute();
  return pageOf(options, rows.map((row) => toBookDto(row, roleOn(principal, row)!)), () => countOf(matching));
}
