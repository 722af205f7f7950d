/** The genre a book gets when its maker names none (server/books/schemas.ts), which is Inkstone's word, not the writer's. */
const DEFAULT_GENRE = "novel";

/** A book's genre as a page shows it: the default in the page's language (`novel`, from the books catalog's `genre.novel`), a writer's own as written. */
export function shownGenre(type: string, novel: string): string {
  return type === DEFAULT_GENRE ? novel : type;
}
