import { shownGenre } from "./_components/genre";
import type { Metadata } from "next";
import Link from "next/link";
import { booksCollection, listBooks, type ListBooksOptions } from "@/server/books/list-books";
import type { BookDto } from "@/server/books/schemas";
import { defaultCollectionOptions, MAX_PER_PAGE, parseCollectionQuery } from "@/server/collections";
import { AppError } from "@/server/errors";
import type { Principal } from "@/server/auth/principal";
import type { Dates } from "@/i18n/dates";
import { getDates, getProblems, getT } from "../../_i18n/server";
import { requirePrincipal } from "../../_components/require-principal";
import { BookEntryActions, NewBookButton, TrashEntryActions } from "./_components/book-buttons";
import { BookDeskProvider } from "./_components/book-desk";
import { ImportBookButton } from "./_components/import-book-button";
import { listFormats } from "@/server/convert/list-formats";
import { ListControls } from "./_components/list-controls";
import { LibrarySearch } from "./_components/search/library-search";
import { WordProgress } from "./_components/word-progress";
import styles from "./books.module.css";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT("books.list");
  return { title: t("title") };
}

type Words = Awaited<ReturnType<typeof getT<"books">>>;

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

function BookEntry({ book, t, dates }: { book: BookDto; t: Words; dates: Dates }) {
  return (
    <li className={styles.entry}>
      <div className={styles.main}>
        <h2 className={styles.title} lang={book.language}>
          <Link href={`/books/${book.id}`}>{book.title}</Link>
        </h2>
        <p className={styles.meta}>
          <span>{shownGenre(book.type, t("genre.novel"))}</span>
          <span className={`status status-${book.status}`}>{t(`status.${book.status}`)}</span>
          {book.role !== "owner" && <span className={`role role-${book.role}`}>{t(`roles.${book.role}`)}</span>}
          <span>
            {t.rich("list.edited", {
              when: dates.relative(book.updatedAt),
              time: (chunks) => (
                <time dateTime={book.updatedAt} title={dates.dateTime(book.updatedAt)}>
                  {chunks}
                </time>
              ),
            })}
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

function TrashEntry({ book, t, dates }: { book: BookDto; t: Words; dates: Dates }) {
  return (
    <li className={styles.entry}>
      <div className={styles.main}>
        <h2 className={styles.title} lang={book.language}>
          {book.title}
        </h2>
        <p className={styles.meta}>
          <span>{shownGenre(book.type, t("genre.novel"))}</span>
          {book.deletedAt && (
            <span>
              {t.rich("list.movedToTrash", {
                when: dates.relative(book.deletedAt),
                time: (chunks) => (
                  <time dateTime={book.deletedAt!} title={dates.dateTime(book.deletedAt!)}>
                    {chunks}
                  </time>
                ),
              })}
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

function Empty({ trash, filtered, t }: { trash: boolean; filtered: boolean; t: Words }) {
  if (trash) {
    return (
      <div className="empty">
        <p className="empty-title">{t("list.emptyTrash")}</p>
        <p className="muted">{t("list.emptyTrashHint")}</p>
      </div>
    );
  }
  if (filtered) {
    return (
      <div className="empty">
        <p className="empty-title">{t("list.noMatch")}</p>
        <Link href="/books">{t("list.showAll")}</Link>
      </div>
    );
  }
  return (
    <div className="empty">
      <p className="empty-title">{t("list.firstTitle")}</p>
      <p className="muted">{t("list.firstHint")}</p>
      <NewBookButton>{t("list.startFirst")}</NewBookButton>
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
  const t = await getT("books");
  const dates = await getDates();
  const { sentence } = await getProblems();

  return (
    <BookDeskProvider>
      <header className={styles.head}>
        <div>
          <h1>{trash ? t("list.trashHeading") : t("list.heading")}</h1>
          <nav aria-label={t("list.views")} className={styles.views}>
            <Link href="/books" aria-current={trash ? undefined : "page"}>
              {t("list.viewBooks")}
            </Link>
            <Link href="/books?deleted=true" aria-current={trash ? "page" : undefined}>
              {t("list.viewTrash")}
              {trashCount > 0 && <span className={styles.badge}> {t("list.trashCount", { count: trashCount })}</span>}
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
          {sentence("invalid_query")}
        </p>
      )}
      {!trash && books.total > 0 && <LibrarySearch />}
      {!trash && (books.total > 1 || filtered) && <ListControls genres={genres} />}
      {books.items.length === 0 ? (
        <Empty trash={trash} filtered={filtered} t={t} />
      ) : (
        <ul className={styles.list} aria-label={trash ? t("list.trashList") : t("list.booksList")}>
          {books.items.map((book) =>
            trash ? <TrashEntry key={book.id} book={book} t={t} dates={dates} /> : <BookEntry key={book.id} book={book} t={t} dates={dates} />,
          )}
        </ul>
      )}
      {lastPage > 1 && (
        <nav aria-label={t("list.pages")} className={styles.pages}>
          {options.page > 1 && <Link href={pageLink(given, options.page - 1)}>{t("list.previous")}</Link>}
          <span className="muted">{t("list.pageOf", { page: options.page, last: lastPage })}</span>
          {options.page < lastPage && <Link href={pageLink(given, options.page + 1)}>{t("list.next")}</Link>}
        </nav>
      )}
    </BookDeskProvider>
  );
}
