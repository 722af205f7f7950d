import type { Metadata } from "next";
import Link from "next/link";
import { booksCollection, listBooks, type ListBooksOptions } from "@/server/books/list-books";
import type { BookDto } from "@/server/books/schemas";
import { defaultCollectionOptions, MAX_PER_PAGE, parseCollectionQuery } from "@/server/collections";
import { AppError } from "@/server/errors";
import type { Principal } from "@/server/auth/principal";
import { ERROR_SENTENCES } from "../../_components/problem";
import { formatDateTime, formatRelative } from "../../_components/format";
import { requirePrincipal } from "../../_components/require-principal";
import { BookEntryActions, NewBookButton, TrashEntryActions } from "./_components/book-buttons";
import { BookDeskProvider } from "./_components/book-desk";
import { ImportBookButton } from "./_components/import-book-button";
import { listFormats } from "@/server/convert/list-formats";
import { ROLE_LABELS } from "./_components/book-roles";
import { STATUS_LABELS } from "./_components/book-status";
import { ListControls } from "./_components/list-controls";
import { LibrarySearch } from "./_components/search/library-search";
import { WordProgress } from "./_components/word-progress";
import styles from "./books.module.css";

export const metadata: Metadata = { title: "Your books" };

const PER_PAGE = 50;
type SearchParams = Record<string, string | string[] | undefined>;

/**
 * The page reads the API's own query parameters (sortby, order, status, type, deleted, page) with
 * the API's parser, so a view's address lists the same books as the API would.
 */
function viewOptions(searchParams: SearchParams): { options: ListBooksOptions; refused: boolean } {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(searchParams)) for (const one of [value ?? []].flat()) params.append(key, one);
  const perPage = params.has("per_page") ? undefined : PER_PAGE;
  let options: ListBooksOptions;
  let refused = false;
  try {
    options = parseCollectionQuery(booksCollection, params).options;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    options = defaultCollectionOptions(booksCollection, { filters: { deleted: params.get("deleted") === "true" } });
    refused = true;
  }
  // Own books and those shared with the writer, for an admin too: the API's admin view of every
  // writer's books is not a desk.
  return { options: { ...options, perPage: perPage ?? options.perPage, filters: { ...options.filters, access: "mine" } }, refused };
}

async function countTrash(principal: Principal): Promise<number> {
  const options = defaultCollectionOptions(booksCollection, { perPage: 1, filters: { deleted: true, access: "own" } });
  return (await listBooks(options, principal)).total;
}

async function writersGenres(principal: Principal): Promise<string[]> {
  const options = defaultCollectionOptions(booksCollection, { perPage: MAX_PER_PAGE, filters: { access: "mine" } });
  const books = await listBooks(options, principal);
  return [...new Set(books.items.map((book) => book.type))].sort((a, b) => a.localeCompare(b));
}

function pageLink(searchParams: SearchParams, page: number): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(searchParams)) if (typeof value === "string" && key !== "page") params.set(key, value);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/books?${query}` : "/books";
}

function BookEntry({ book }: { book: BookDto }) {
  return (
    <li className={styles.entry}>
      <div className={styles.main}>
        <h2 className={styles.title} lang={book.language}>
          <Link href={`/books/${book.id}`}>{book.title}</Link>
        </h2>
        <p className={styles.meta}>
          <span>{book.type}</span>
          <span className={`status status-${book.status}`}>{STATUS_LABELS[book.status]}</span>
          {book.role !== "owner" && <span className={`role role-${book.role}`}>{ROLE_LABELS[book.role]}</span>}
          <span>
            Edited{" "}
            <time dateTime={book.updatedAt} title={formatDateTime(book.updatedAt)}>
              {formatRelative(book.updatedAt)}
            </time>
          </span>
        </p>
        {book.description && (
          <p className={styles.description} lang={book.language}>
            {book.description}
          </p>
        )}
      </div>
      <WordProgress book={book} className={styles.words} />
      <div className={styles.actions}>
        <BookEntryActions book={book} />
      </div>
    </li>
  );
}

function TrashEntry({ book }: { book: BookDto }) {
  return (
    <li className={styles.entry}>
      <div className={styles.main}>
        <h2 className={styles.title} lang={book.language}>
          {book.title}
        </h2>
        <p className={styles.meta}>
          <span>{book.type}</span>
          {book.deletedAt && (
            <span>
              Moved to the trash{" "}
              <time dateTime={book.deletedAt} title={formatDateTime(book.deletedAt)}>
                {formatRelative(book.deletedAt)}
              </time>
            </span>
          )}
        </p>
      </div>
      <WordProgress book={{ wordCount: book.wordCount, targetWordCount: null, language: book.language }} className={styles.words} />
      <div className={styles.actions}>
        <TrashEntryActions book={book} />
      </div>
    </li>
  );
}

function Empty({ trash, filtered }: { trash: boolean; filtered: boolean }) {
  if (trash) {
    return (
      <div className="empty">
        <p className="empty-title">The trash is empty.</p>
        <p className="muted">Books you move to the trash wait here until you restore them or delete them for good.</p>
      </div>
    );
  }
  if (filtered) {
    return (
      <div className="empty">
        <p className="empty-title">No books match this view.</p>
        <Link href="/books">Show all your books</Link>
      </div>
    );
  }
  return (
    <div className="empty">
      <p className="empty-title">Every novel begins with a title.</p>
      <p className="muted">Give your first book one; the chapters can come later.</p>
      <NewBookButton>Start your first book</NewBookButton>
    </div>
  );
}

/** The book list: the writer's books or their trash, sorted and filtered as the address says. */
export default async function BooksPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const principal = await requirePrincipal("/books");
  const given = await searchParams;
  const { options, refused } = viewOptions(given);
  const trash = options.filters.deleted === true;
  const [books, trashCount, genres] = await Promise.all([listBooks(options, principal), countTrash(principal), writersGenres(principal)]);
  const filtered = options.filters.status !== undefined || options.filters.type !== undefined || options.filters.language !== undefined;
  const lastPage = Math.max(1, Math.ceil(books.total / options.perPage));

  return (
    <BookDeskProvider>
      <header className={styles.head}>
        <div>
          <h1>{trash ? "Trash" : "Your books"}</h1>
          <nav aria-label="Book views" className={styles.views}>
            <Link href="/books" aria-current={trash ? undefined : "page"}>
              Books
            </Link>
            <Link href="/books?deleted=true" aria-current={trash ? "page" : undefined}>
              Trash{trashCount > 0 && <span className={styles.badge}> ({trashCount})</span>}
            </Link>
          </nav>
        </div>
        {!trash && (
          <div className="button-row">
            <ImportBookButton extensions={listFormats(principal).flatMap((f) => (f.read ? f.extensions : []))} />
            <NewBookButton />
          </div>
        )}
      </header>
      {refused && (
        <p className="form-alert" role="alert">
          {ERROR_SENTENCES.invalid_query}
        </p>
      )}
      {!trash && books.total > 0 && <LibrarySearch />}
      {!trash && (books.total > 1 || filtered) && <ListControls genres={genres} />}
      {books.items.length === 0 ? (
        <Empty trash={trash} filtered={filtered} />
      ) : (
        <ul className={styles.list} aria-label={trash ? "Books in the trash" : "Your books"}>
          {books.items.map((book) =>
            trash ? <TrashEntry key={book.id} book={book} /> : <BookEntry key={book.id} book={book} />,
          )}
        </ul>
      )}
      {lastPage > 1 && (
        <nav aria-label="Pages" className={styles.pages}>
          {options.page > 1 && <Link href={pageLink(given, options.page - 1)}>← Previous</Link>}
          <span className="muted">
            Page {options.page} of {lastPage}
          </span>
          {options.page < lastPage && <Link href={pageLink(given, options.page + 1)}>Next →</Link>}
        </nav>
      )}
    </BookDeskProvider>
  );
}
