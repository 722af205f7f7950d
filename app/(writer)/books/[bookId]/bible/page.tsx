import type { Metadata } from "next";
import { pagePrincipal, requirePrincipal } from "@/app/_components/require-principal";
import { BibleHead } from "./_components/bible-nav";
import { Refused } from "../_components/book-subpage";
import { BibleList } from "./_components/bible-list";
import { loadBiblePage } from "./_components/load-bible-page";

type Params = Promise<{ bookId: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const principal = await pagePrincipal();
  if (!principal) return { title: "Story bible" };
  const loaded = await loadBiblePage((await params).bookId, principal);
  return { title: "book" in loaded ? `Bible — ${loaded.book.title}` : "Story bible" };
}

/** /books/{bookId}/bible: the book's entries (its own and its series'), by kind, and a new one. */
export default async function BiblePage({ params }: { params: Params }) {
  const { bookId } = await params;
  const principal = await requirePrincipal(`/books/${bookId}/bible`);
  const loaded = await loadBiblePage(bookId, principal);
  if (!("book" in loaded)) return <Refused sentence={loaded.refused} />;
  return (
    <>
      <BibleHead book={loaded.book} title="Story bible" current="entries" />
      <BibleList book={loaded.book} chapters={loaded.chapters} />
    </>
  );
}
