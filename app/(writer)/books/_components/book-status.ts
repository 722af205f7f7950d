import type { BookDto } from "@/server/books/schemas";

export type BookStatus = BookDto["status"];

/** Every status a book can have, in the order the pages offer them; their names are `books.status.<status>`. */
export const BOOK_STATUSES = ["planning", "drafting", "revising", "finished"] as const satisfies readonly BookStatus[];
