import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { loadBook } from "../books/access";
import { sql } from "../db";
import type { ChangeSetDto } from "./schemas";

/** The most recent change sets a list shows; older ones stay in each chapter's history. */
export const CHANGE_SETS_LISTED = 100;

// GET /api/v1/books/{bookId}/change-sets — the book's replaces, newest first, each undoable until undone.
export async function listChangeSets(input: { bookId: string }, principal: Principal): Promise<{ items: ChangeSetDto[] }> {
  authorize(principal, "search.changeSets");
  const book = await loadBook(principal, input.bookId, "search.changeSets");
  const rows = await sql
    .selectFrom("ChangeSet")
    .select(["id", "createdAt", "query", "replacement", "replaced", "chapterCount", "undoneAt"])
    .where("bookId", "=", book.id)
    .orderBy("createdAt", "desc")
    .orderBy("id")
    .limit(CHANGE_SETS_LISTED)
    .execute();
  return {
    items: rows.map((row) => ({
      changeSetId: row.id,
      createdAt: row.createdAt.toISOString(),
      query: row.query,
      replacement: row.replacement,
      replaced: row.replaced,
      chapterCount: row.chapterCount,
      undoneAt: row.undoneAt === null ? null : row.undoneAt.toISOString(),
    })),
  };
}
