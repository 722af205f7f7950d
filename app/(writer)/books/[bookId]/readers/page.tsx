import { requirePrincipal } from "@/app/_components/require-principal";
import { getProblems, getT } from "@/app/_i18n/server";
import type { Principal } from "@/server/auth/principal";
import { getBook } from "@/server/books/get-book";
import { BookSubpageHead } from "../_components/book-subpage-head";
import { bookPageMetadata, loadOrRefused, Refused } from "../_components/book-subpage";
import { getReadersReport } from "@/server/readers/get-readers-report";
import { listSnapshots } from "@/server/snapshots/list-snapshots";
import { ReadersView } from "./readers-view";

type Params = Promise<{ bookId: string }>;

export async function generateMetadata(params: { params: Params }) {
  return bookPageMetadata((await getT("readers.readers"))("title"))(params);
}

async function load(bookId: string, principal: Principal) {
  const { sentence } = await getProblems();
  return loadOrRefused(async () => {
    const book = await getBook({ bookId }, principal);
    const [report, snapshots] = await Promise.all([getReadersReport({ bookId }, principal), listSnapshots({ bookId }, principal)]);
    return { book, report, snapshots };
  }, sentence);
}

/**
 * /books/{bookId}/readers (issue 36 item 5, decision 0497): the owner shares a snapshot with the
 * book's beta readers and sees, per chapter, who started and finished it, where each stopped and
 * what they reacted to.
 */
export default async function ReadersPage({ params }: { params: Params }) {
  const { bookId } = await params;
  const principal = await requirePrincipal(`/books/${bookId}/readers`);
  const loaded = await load(bookId, principal);
  if ("refused" in loaded) return <Refused sentence={loaded.refused} />;
  const { book, report, snapshots } = loaded;
  const t = await getT("readers.readers");
  return (
    <>
      <BookSubpageHead book={book} title={t("heading")} lede={t("lede")} />
      <ReadersView bookId={book.id} language={book.language} report={report} snapshots={snapshots.map(({ id, name }) => ({ id, name }))} />
    </>
  );
}
