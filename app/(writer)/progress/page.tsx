import type { Metadata } from "next";
import { countsCharacters } from "@/server/books/language";
import { booksCollection, listBooks } from "@/server/books/list-books";
import { defaultCollectionOptions, MAX_PER_PAGE } from "@/server/collections";
import { requirePrincipal } from "../../_components/require-principal";
import { getT } from "../../_i18n/server";
import { ProgressView } from "./progress-view";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("progress"))("title") };
}

/** /progress: the writer's history — every day's words, streaks, best days, each book against its deadline. */
export default async function ProgressPage() {
  const principal = await requirePrincipal("/progress");
  const options = defaultCollectionOptions(booksCollection, { perPage: MAX_PER_PAGE, filters: { ownerId: principal.userId } });
  const [t, listed] = await Promise.all([getT("progress"), listBooks(options, principal)]);
  const books = listed.items.map(({ id, title, language, targetWordCount }) => ({ id, title, language, targetWordCount }));
  // A writer whose every book is counted in characters (Chinese, Japanese) reads 字, not words.
  const unitLanguage = books.length > 0 && books.every((book) => countsCharacters(book.language)) ? books[0]!.language : "en";
  return (
    <div>
      <p className="eyebrow">{t("eyebrow")}</p>
      <h1>{t("heading")}</h1>
      <ProgressView books={books} unitLanguage={unitLanguage} />
    </div>
  );
}
