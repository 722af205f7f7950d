import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { loadBook } from "./access";
import { toBookDto, type BookDto } from "./schemas";

// GET /api/v1/books/{bookId}
export async function getBook(input: { bookId: string }, principal: Principal): Promise<BookDto> {
  authorize(principal, "books.get");
  const book = await loadBook(principal, input.bookId, "books.get");
  return toBookDto(book, book.role);
}
