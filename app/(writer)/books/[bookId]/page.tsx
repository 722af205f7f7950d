import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import type { Principal } from "@/server/auth/principal";
import { getBook } from "@/server/books/get-book";
import { newChapterTitle } from "@/server/books/language";
import type { BookDto } from "@/server/books/schemas";
import { chaptersCollection, listChapters } from "@/server/chapters/list-chapters";
import type { ChapterSummaryDto } from "@/server/chapters/schemas";
import { defaultCollectionOptions, MAX_PER_PAGE } from "@/server/collections";
import { AppError } from "@/server/errors";
import { getBookGoal } from "@/server/goals/get-book-goal";
import { ERROR_SENTENCES } from "../../../_components/problem";
import { pagePrincipal, requirePrincipal } from "../../../_components/require-principal";
import { EditBookButton } from "../_components/book-buttons";
import { BookDeskProvider } from "../_components/book-desk";
import { STATUS_LABELS } from "../_components/book-status";
import { BookSearch } from "../_components/search/book-search";
import { WordProgress } from "../_components/word-progress";
import { BookCover } from "./_components/book-cover";
import { BookGoal } from "./_components/book-goal";
import { ChapterList } from "./_components/chapter-list";
import { ChapterTrash } from "./_components/chapter-trash";
import { ExportButton } from "./_components/export-button";
import { ReleasePlanner } from "./_components/release-planner";
import { listFormats } from "@/server/convert/list-formats";
import styles from "./book.module.css";

type Params = Promise<{ bookId: string }>;

/**
 * The book, or what the page says instead: unknown and purged books are not found; another
 * writer's is refused; one in the trash is restored from the Trash view, like the API says.
 */
const loadBook = cache(async (bookId: string, principal: Principal): Promise<BookDto | { refused: string; inTrash?: true }> => {
  try {
    return await getBook({ bookId }, principal);
  } catch (error) {
    if (error instanceof AppError && (error.code === "not_found" || error.code === "gone")) notFound();
    if (error instanceof AppError && error.code === "forbidden") return { refused: ERROR_SENTENCES.forbidden };
    if (error instanceof AppError && error.code === "book_in_trash") return { refused: ERROR_SENTENCES.book_in_trash, inTrash: true };
    throw error;
  }
});

/** Every chapter in order (or every one in the book's trash), however many pages of the API that takes. */
async function allChapters(bookId: string, principal: Principal, deleted = false): Promise<ChapterSummaryDto[]> {
  const chapters: ChapterSummaryDto[] = [];
  for (let page = 1; ; page++) {
    const options = defaultCollectionOptions(chaptersCollection, { page, perPage: MAX_PER_PAGE, filters: { deleted } });
    const { items, total } = await listChapters({ bookId, includeContent: false, options }, principal);
    chapters.push(...items);
    if (items.length === 0 || chapters.length >= total) return chapters;
  }
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const principal = await pagePrincipal();
  if (!principal) return {};
  const book = await loadBook((await params).bookId, principal);
  return { title: "title" in book ? book.title : "Not yours" };
}

/** One book: its details and progress, and its chapters, to open, add, rename, reorder and delete. */
export default async function BookPage({ params }: { params: Params }) {
  const { bookId } = await params;
  const principal = await requirePrincipal(`/books/${bookId}`);
  const book = await loadBook(bookId, principal);
  if (!("title" in book)) {
    return (
      <div className="empty">
        <p className="empty-title">{book.refused}</p>
        {book.inTrash ? <Link href="/books?deleted=true">Open the trash</Link> : <Link href="/books">Back to your books</Link>}
      </div>
    );
  }
  // The goal comes with the page rather than from a request of its own after it: arriving late, it
  // made the side column taller and pushed the chapter list down, even in the middle of a drag. If
  // it cannot be read here, the goal asks for itself and says why not, as before.
  const [chapters, trashed, goal] = await Promise.all([
    allChapters(book.id, principal),
    allChapters(book.id, principal, true),
    getBookGoal({ bookId: book.id }, principal).catch(() => undefined),
  ]);

  return (
    <BookDeskProvider>
      <p className="eyebrow">
        <Link href="/books">← Your books</Link>
      </p>
      <div className={styles.layout}>
        <header className={styles.head}>
          <h1 className={styles.title} lang={book.language}>
            {book.title}
          </h1>
          <p className={styles.meta}>
            <span>{book.type}</span>
            <span className={`status status-${book.status}`}>{STATUS_LABELS[book.status]}</span>
            <span>
              {chapters.length} {chapters.length === 1 ? "chapter" : "chapters"}
            </span>
          </p>
          {book.description && (
            <p className={styles.description} lang={book.language}>
              {book.description}
            </p>
          )}
        </header>
        <aside className={styles.side} aria-label="Progress and tools">
          <WordProgress book={book} className={styles.progress} />
          <BookGoal bookId={book.id} language={book.language} initial={goal} />
          <BookCover book={book} />
          <div className={styles.tools}>
            <EditBookButton book={book} className="button secondary small" label="Edit details" />
            <Link href={`/books/${book.id}/bible`} className="button secondary small">
              Story bible
            </Link>
            <Link href={`/analyze/${book.id}`} className="button secondary small">
              Analyze
            </Link>
            <ExportButton bookId={book.id} hasCover={book.cover !== null} formats={listFormats(principal).filter((f) => f.write).map(({ id, name }) => ({ id, name }))} chapters={chapters.map(({ id, title }) => ({ id, title }))} />
          </div>
        </aside>
      </div>

      <section aria-labelledby="search-heading" className={styles.searchSection}>
        <h2 id="search-heading">Search and replace</h2>
        <BookSearch bookId={book.id} language={book.language} chapters={chapters.map(({ id, title }) => ({ id, title }))} />
      </section>

      <section aria-labelledby="chapters-heading" className={styles.chapterSection}>
        <h2 id="chapters-heading">Chapters</h2>
        <ChapterList bookId={book.id} chapters={chapters} language={book.language} nextTitle={newChapterTitle(book.chapterCount + 1, book.language)} />
        <ChapterTrash chapters={trashed} language={book.language} />
      </section>

      <section aria-labelledby="plan-heading" className={styles.planSection}>
        <h2 id="plan-heading">Release plan</h2>
        <p className="muted">
          For serials: date each chapter&rsquo;s release by hand or by a cadence, mark what is out, and keep a buffer written ahead.
        </p>
        <ReleasePlanner bookId={book.id} language={book.language} />
      </section>
    </BookDeskProvider>
  );
}
