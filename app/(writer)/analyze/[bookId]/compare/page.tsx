import type { Metadata } from "next";
import Link from "next/link";
import { compareBooks } from "@/server/analysis/compare-books";
import { compareBooksQuery, type ComparisonDto } from "@/server/analysis/compare-schemas";
import { booksCollection, listBooks } from "@/server/books/list-books";
import { defaultCollectionOptions, MAX_PER_PAGE } from "@/server/collections";
import { AppError } from "@/server/errors";
import { FormAlert } from "../../../../_components/form-alert";
import { getT, requestIntl } from "../../../../_i18n/server";
import { beatName } from "../../../templates/_components/report-words";
import { requirePrincipal } from "../../../../_components/require-principal";
import styles from "../../../templates/_components/analysis.module.css";
import { loadAnalyzeBook } from "../load-analyze-book";
import { CompareCharts } from "./compare-charts";
import { CompareForm } from "./compare-form";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT("analysis.compare");
  return { title: t("title") };
}

type Params = Promise<{ bookId: string }>;
type Search = Promise<Record<string, string | string[] | undefined>>;

/** What went wrong, in the words the rest of the app uses; a validation problem says its own. */
function problemSentence(error: AppError, errors: (key: `code.${AppError["code"]}`) => string): string {
  return error.code === "validation_failed" || error.code === "not_found" ? error.message : errors(`code.${error.code}`);
}

/**
 * The comparison as the page shows it: the turning points named in the page's language (they are
 * the built-in Three-Act Structure's). Series labels and units are the client's, by their keys.
 */
function comparisonIn(locale: Parameters<typeof beatName>[0], comparison: ComparisonDto): ComparisonDto {
  return { ...comparison, beats: comparison.beats.map((beat) => ({ ...beat, name: beatName(locale, "three-act-structure", beat.name) })) };
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
  const [t, errors, { locale }] = await Promise.all([getT("analysis.compare"), getT("errors"), requestIntl()]);
  const books = await listBooks(defaultCollectionOptions(booksCollection, { perPage: MAX_PER_PAGE }), principal);
  const others = books.items.filter((other) => other.id !== book.id).map((other) => ({ id: other.id, title: other.title }));
  const asked = { otherBookId: typeof search.with === "string" && search.with ? search.with : undefined, asOf: typeof search.asOf === "string" && search.asOf ? search.asOf : undefined };

  let comparison: ComparisonDto | null = null;
  let problem: string | null = null;
  if (asked.otherBookId || asked.asOf) {
    const query = compareBooksQuery.safeParse(asked);
    if (!query.success) problem = t("badTime");
    else {
      try {
        comparison = comparisonIn(locale, await compareBooks({ ...query.data, bookId: book.id }, principal));
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        problem = problemSentence(error, errors);
      }
    }
  }

  return (
    <>
      <p className="eyebrow">
        <Link href={`/analyze/${book.id}`}>{t("back", { title: book.title })}</Link>
      </p>
      <div className={styles.head}>
        <h1>{t("title")}</h1>
      </div>
      <section className="panel" aria-labelledby="compare-with-heading">
        <h2 id="compare-with-heading">{t("heading", { title: book.title })}</h2>
        <CompareForm bookId={book.id} books={others} chosen={asked.otherBookId} asOf={asked.asOf} />
      </section>
      <FormAlert message={problem ?? undefined} />
      {comparison && <CompareCharts comparison={comparison} />}
      {!comparison && !problem && (
        <p className="muted">{t("intro")}</p>
      )}
    </>
  );
}
