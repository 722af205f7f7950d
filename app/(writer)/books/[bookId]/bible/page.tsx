import type { Metadata } from "next";
import { getT } from "@/app/_i18n/server";
import { pagePrincipal, requirePrincipal } from "@/app/_components/require-principal";
import { BibleHead } from "./_components/bible-nav";
import { Refused } from "../_components/book-subpage";
import { BibleList } from "./_components/bible-list";
import { loadBiblePage } from "./_components/load-bible-page";

type Params = Promise<{ bookId: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const t = await getT("bible");
  const principal = await pagePrincipal();
  if (!principal) return { title: t("title") };
  const loaded = await loadBiblePage((await params).bookId, principal);
  return { title: "book" in loaded ? t("titleOfBook", { title: loaded.book.title }) : t("title") };
}

/** /books/{bookId}/bible: the book's entries (its own and its series'), by kind, and a new one. */
export default async function BiblePage({ params }: { params: Params }) {
  const { bookId } = await params;
  const principal = await requirePrincipal(`/books/${bookId}/bible`);
  const loaded = await loadBiblePage(bookId, principal);
  if (!("book" in loaded)) return <Refused sentence={loaded.refused} />;
  const t = await getT("bible");
  return (
    <>
      <BibleHead book={loaded.book} title={t("title")} current="entries" />
      <BibleList book={loaded.book} chapters={loaded.chapters} />
    </>
  );
}
