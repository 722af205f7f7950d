import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { pageOf, pageWindow, type OptionsOf, type Page } from "../collections";
import { sql } from "../db";
import { countOf } from "../sql/count";
import { loadBibleBook, toEntryDtos, visibleEntries } from "./entries";
import type { entriesCollection, EntryDto } from "./schemas";
import { parseList } from "./stored-list";

// GET /api/v1/books/{bookId}/bible/entries — the book's entries and its series', paged
export async function listEntries(input: { bookId: string }, options: OptionsOf<typeof entriesCollection>, principal: Principal): Promise<Page<EntryDto>> {
  authorize(principal, "bible.entries");
  const book = await loadBibleBook(principal, input.bookId, "bible.entries");
  const { kind, tag, scope } = options.filters;
  let matching = visibleEntries(sql, book);
  if (kind !== undefined) matching = matching.where("kind", "=", kind);
  if (scope === "book") matching = matching.where("bookId", "=", book.id);
  if (scope === "series") matching = matching.where("seriesId", "is not", null);
  const sorted = matching.selectAll().orderBy(options.sortBy, options.order).orderBy("id");
  const { offset, limit } = pageWindow(options);
  if (tag === undefined) {
    const rows = await sorted.offset(offset).limit(limit).execute();
    return pageOf(options, await toEntryDtos(book.id, rows), () => countOf(matching));
  }
  // Tags are a JSON list in a column: a book's entries (at most BIBLE_LIMITS.entriesPerBook) are
  // filtered here, exactly, rather than by a pattern on the JSON text.
  const tagged = (await sorted.execute()).filter((row) => parseList(row.tags).includes(tag));
  return { items: await toEntryDtos(book.id, tagged.slice(offset, offset + limit)), total: tagged.length, page: options.page, perPage: options.perPage };
}
