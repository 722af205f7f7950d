import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { sql } from "../db";
import { loadBibleBook, visibleEntries } from "./entries";
import type { EntryNameDto } from "./schemas";
import { parseList } from "./stored-list";

// GET /api/v1/books/{bookId}/bible/names — every entry's name and aliases, for the editor
export async function listEntryNames(input: { bookId: string }, principal: Principal): Promise<EntryNameDto[]> {
  authorize(principal, "bible.names");
  const book = await loadBibleBook(principal, input.bookId, "bible.names");
  return bookEntryNames(book);
}

/** The names a book's bible finds, in a stable order (by id: the mention signature depends on it). */
export async function bookEntryNames(book: { id: string; seriesId: string | null }): Promise<EntryNameDto[]> {
  const rows = await visibleEntries(sql, book).select(["id", "seriesId", "kind", "name", "aliases"]).orderBy("id").execute();
  return rows.map((row) => ({ id: row.id, scope: row.seriesId ? "series" : "book", kind: row.kind, name: row.name, aliases: parseList(row.aliases) }));
}
