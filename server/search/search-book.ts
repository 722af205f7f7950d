import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { loadBook } from "../books/access";
import { can } from "../books/policy";
import { bookChapters } from "./book-chapters";
import type { BookSearchResult as Scanned } from "./engine/book";
import { runScan } from "./run-scan";
import { searchOptionsOf, type BookSearchResult, type SearchOptions } from "./schemas";

// GET /api/v1/books/{bookId}/search — every hit in the book's titles and text, paged, in book order.
export async function searchBook(
  input: SearchOptions & { bookId: string; page: number; perPage: number },
  principal: Principal,
): Promise<BookSearchResult> {
  authorize(principal, "search.book");
  const book = await loadBook(principal, input.bookId, "search.book");
  const chapters = await bookChapters(book.id);
  const { page, perPage } = input;
  const spec = searchOptionsOf(input);
  const scanned = await runScan<Scanned>(
    {
      op: "search-book",
      chapters: chapters.map(({ title, content }) => ({ title, content })),
      spec,
      offset: (page - 1) * perPage,
      limit: perPage,
      hideNotes: !can(principal, "write", book),
    },
    principal.userId,
  );
  return {
    items: scanned.hits.map(({ chapter: index, ...hit }) => ({ chapterId: chapters[index]!.id, chapterTitle: chapters[index]!.title, ...hit })),
    total: scanned.total,
    page,
    perPage,
    chapters: chapters
      .map((chapter, index) => ({ chapterId: chapter.id, title: chapter.title, position: chapter.position, hitCount: scanned.counts[index]! }))
      .filter((chapter) => chapter.hitCount > 0),
  };
}
