import type { Metadata } from "next";
import { getT } from "@/app/_i18n/server";
import { requirePrincipal } from "@/app/_components/require-principal";
import { BibleHead } from "../_components/bible-nav";
import { Refused } from "../../_components/book-subpage";
import { EntryView } from "../_components/entry-view";
import { loadBiblePage } from "../_components/load-bible-page";

type Params = Promise<{ bookId: string; entryId: string }>;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT("bible");
  return { title: t("entryTitle") };
}

/** /books/{bookId}/bible/{entryId}: one entry, its relations and where the book names it. */
export default async function EntryPage({ params }: { params: Params }) {
  const { bookId, entryId } = await params;
  const principal = await requirePrincipal(`/books/${bookId}/bible/${entryId}`);
  const loaded = await loadBiblePage(bookId, principal);
  if (!("book" in loaded)) return <Refused sentence={loaded.refused} />;
  const t = await getT("bible");
  return (
    <>
      <BibleHead book={loaded.book} title={t("title")} />
      <EntryView book={loaded.book} chapters={loaded.chapters} entryId={entryId} />
    </>
  );
}
