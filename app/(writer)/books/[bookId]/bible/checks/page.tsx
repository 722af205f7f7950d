import type { Metadata } from "next";
import { getT } from "@/app/_i18n/server";
import { requirePrincipal } from "@/app/_components/require-principal";
import { BibleHead } from "../_components/bible-nav";
import { Refused } from "../../_components/book-subpage";
import { ContinuityChecks } from "../_components/continuity-checks";
import { loadBiblePage } from "../_components/load-bible-page";

type Params = Promise<{ bookId: string }>;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT("bible");
  return { title: t("checksTitle") };
}

/** /books/{bookId}/bible/checks: what the bible and the text disagree on, each linked to its spot. */
export default async function ChecksPage({ params }: { params: Params }) {
  const { bookId } = await params;
  const principal = await requirePrincipal(`/books/${bookId}/bible/checks`);
  const loaded = await loadBiblePage(bookId, principal);
  if (!("book" in loaded)) return <Refused sentence={loaded.refused} />;
  const t = await getT("bible");
  return (
    <>
      <BibleHead book={loaded.book} title={t("checksTitle")} current="checks" />
      <ContinuityChecks book={loaded.book} />
    </>
  );
}
