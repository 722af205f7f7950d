import type { Metadata } from "next";
import Link from "next/link";
import { compareBooks } from "@/server/analysis/compare-books";
import { compareBooksQuery, type ComparisonDto } from "@/server/analysis/compare-schemas";
import { booksCollection, listBooks } from "@/server/books/list-books";
import { defaultCollectionOptions, MAX_PER_PAGE } from "@/server/collections";
import { AppError } from "@/server/errors";
import { FormAlert } from "../../../../_components/form-alert";
import { ERROR_SENTENCES } from "../../../../_components/problem";
import { requirePrincipal } from "../../../../_components/require-principal";
import styles from "../../../templates/_components/analysis.module.css";
import { loadAnalyzeBook } from "../load-analyze-book";
import { CompareCharts } from "./compare-charts";
import { CompareForm } from "./compare-form";

export const metadata: Metadata = { title: "Compare" };

type Params = Promise<{ bookId: string }>;
type Search = Promise<Record<string, string | string[] | undefined>>;

/** What went wrong, in the words the rest of the app uses; a validation problem says its own. */
function problemSentence(error: AppError): string {
  return error.code === "validation_failed" || error.code === "not_found" ? error.message : ERROR_SENTENCES[error.code];
}

/**
 * Compare: the book beside another of the writer's books, or beside itself as it stood earlier,
 * every series drawn along one axis (0–100 % of each book's words) with the turning points marked.
 */
export default async function ComparePage({ params, searchParams }: { params: Params; searchParams: Search }) {
  const { bookId } = await params;
  const search = await searchParams;
  const principal = await requirePrincipal(`/analyze/${bookId}/compare`);
  const loaded = await loadAnalyzeBook(bookId, principal);
  if (!("book" in loaded)) return loaded.refusal;
  const { book } = loaded;
  const books = await listBooks(defaultCollectionOptions(booksCollection, { perPage: MAX_PER_PAGE }), principal);
  const others = books.items.filter((other) => other.id !== book.id).map((other) => ({ id: other.id, title: other.title }));
  const asked = { otherBookId: typeof search.with === "string" && search.with ? search.with : undefined, asOf: typeof search.asOf === "string" && search.asOf ? search.asOf : undefined };

  let comparison: ComparisonDto | null = null;
  let problem: string | null = null;
  if (asked.otherBookId || asked.asOf) {
    const query = compareBooksQuery.safeParse(asked);
    if (!query.success) problem = "That time is not one we can read; pick it again.";
    else {
      try {
        comparison = await compareBooks({ ...query.data, bookId: book.id }, principal);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        problem = problemSentence(error);
      }
    }
  }

  return (
    <>
      <p className="eyebrow">
        <Link href={`/analyze/${book.id}`}>← Analyze {book.title}</Link>
      </p>
      <div className={styles.head}>
        <h1>Compare</h1>
      </div>
      <section className="panel" aria-labelledby="compare-with-heading">
        <h2 id="compare-with-heading">Compare {book.title} with…</h2>
        <CompareForm bookId={book.id} books={others} chosen={asked.otherBookId} asOf={asked.asOf} />
      </section>
      <FormAlert message={problem ?? undefined} />
      {comparison && <CompareCharts comparison={comparison} />}
      {!comparison && !problem && (
        <p className="muted">
          Pick a published book you are studying, or this book as it stood on an earlier day, to see both side by side: chapter lengths,
          dialogue, pacing, who speaks, sentence length, readability, emotion, how chapters end and the turning points, along the length
          of each book.
        </p>
      )}
    </>
  );
}
