import type { Metadata } from "next";
import { booksCollection, listBooks } from "@/server/books/list-books";
import { defaultCollectionOptions, MAX_PER_PAGE } from "@/server/collections";
import { BookList } from "../../_components/book-list";
import { NewBookForm } from "../../_components/new-book-form";
import { requirePrincipal } from "../../_components/require-principal";

export const metadata: Metadata = { title: "Your books" };

/** The book list: the writer's books, most recently changed first, and a form for a new one. */
export default async function BooksPage() {
  const principal = await requirePrincipal("/books");
  // Own books only, for an admin too: the API's admin view of every writer's books is not a desk.
  const options = defaultCollectionOptions(booksCollection, { perPage: MAX_PER_PAGE, filters: { ownerId: principal.userId } });
  const books = await listBooks(options, principal);
  return (
    <section aria-labelledby="books-heading">
      <h1 id="books-heading">Your books</h1>
      <BookList books={books.items} total={books.total} />
      <aside aria-labelledby="new-book-heading" className="panel">
        <h2 id="new-book-heading">New book</h2>
        <NewBookForm />
      </aside>
    </section>
  );
}
