import { requirePrincipal } from "@/app/_components/require-principal";
import { getProblems, getT } from "@/app/_i18n/server";
import { roleMayDo } from "@/server/auth/book-roles";
import type { Principal } from "@/server/auth/principal";
import { getBook } from "@/server/books/get-book";
import { BookSubpageHead } from "../_components/book-subpage-head";
import { bookPageMetadata, loadOrRefused, Refused } from "../_components/book-subpage";
import { getContents } from "@/server/parts/get-contents";
import { listSnapshots } from "@/server/snapshots/list-snapshots";
import { SnapshotsView } from "./snapshots-view";

type Params = Promise<{ bookId: string }>;

export async function generateMetadata(params: { params: Params }) {
  return bookPageMetadata((await getT("snapshots"))("title"))(params);
}

/**
 * /books/{bookId}/snapshots (issue 36 item 4): the book's named snapshots. The owner freezes the
 * book under a name; whoever reads the draft compares one with today or with another, chapter by
 * chapter, and opens a chapter's changes; whoever writes restores a chapter from one.
 */
/** The book and its snapshots, or the sentence the page says instead (another writer's book, a beta reader, the trash). */
async function load(bookId: string, principal: Principal) {
  const { sentence } = await getProblems();
  return loadOrRefused(async () => {
    const book = await getBook({ bookId }, principal);
    const [snapshots, contents] = await Promise.all([listSnapshots({ bookId }, principal), getContents({ bookId }, principal)]);
    const parts = contents.entries.flatMap((entry) => (entry.type === "part" ? [{ id: entry.part.id, title: entry.part.title }] : []));
    return { book, snapshots, parts };
  }, sentence);
}

export default async function SnapshotsPage({ params }: { params: Params }) {
  const { bookId } = await params;
  const principal = await requirePrincipal(`/books/${bookId}/snapshots`);
  const loaded = await load(bookId, principal);
  if ("refused" in loaded) return <Refused sentence={loaded.refused} />;
  const { book, snapshots, parts } = loaded;
  const t = await getT("snapshots");
  return (
    <>
      <BookSubpageHead book={book} title={t("heading")} lede={t("lede")} />
      <SnapshotsView bookId={book.id} language={book.language} initial={snapshots} manages={roleMayDo(book.role, "manageSnapshots")} writes={roleMayDo(book.role, "write")} parts={parts} />
    </>
  );
}
