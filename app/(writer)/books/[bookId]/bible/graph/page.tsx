import type { Metadata } from "next";
import { getT } from "@/app/_i18n/server";
import { requirePrincipal } from "@/app/_components/require-principal";
import { BibleHead } from "../_components/bible-nav";
import { Refused } from "../../_components/book-subpage";
import { RelationsGraph } from "../_components/relations-graph";
import { loadBiblePage } from "../_components/load-bible-page";

type Params = Promise<{ bookId: string }>;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT("bible");
  return { title: t("graphTitle") };
}

/** /books/{bookId}/bible/graph: the entries and their relations as a graph, and as a list. */
export default async function GraphPage({ params }: { params: Params }) {
  const { bookId } = await params;
  const principal = await requirePrincipal(`/books/${bookId}/bible/graph`);
  const loaded = await loadBiblePage(bookId, principal);
  if (!("book" in loaded)) return <Refused sentence={loaded.refused} />;
  const t = await getT("bible");
  return (
    <>
      <BibleHead book={loaded.book} title={t("relationsHeading")} current="graph" />
      <RelationsGraph book={loaded.book} />
    </>
  );
}
