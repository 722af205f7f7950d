import { requirePrincipal } from "@/app/_components/require-principal";
import { roleMayDo } from "@/server/auth/book-roles";
import type { Principal } from "@/server/auth/principal";
import { getBook } from "@/server/books/get-book";
import { BackToBook } from "../_components/back-to-book";
import { bookPageMetadata, loadOrRefused, Refused } from "../_components/book-subpage";
import { getContents } from "@/server/parts/get-contents";
import { listSnapshots } from "@/server/snapshots/list-snapshots";
import { SnapshotsView } from "./snapshots-view";

type Params = Promise<{ bookId: string }>;

export const generateMetadata = bookPageMetadata("Snapshots");

/**
 * /books/{bookId}/snapshots (issue 36 item 4): the book's named snapshots. The owner freezes the
 * book under a name; whoever reads the draft compares one with today or with another, chapter by
 * chapter, and opens a chapter's changes; whoever writes restores a chapter from one.
 */
/** The book and its snapshots, or the sentence the page says instead (another writer's book, a beta reader, the trash). */
function load(bookId: string, principal: Principal) {
  return loadOrRefused(async () => {
    const book = await getBook({ bookId }, principal);
    const [snapshots, contents] = await Promise.all([listSnapshots({ bookId }, principal), getContents({ bookId }, principal)]);
    const parts = contents.entries.flatMap((entry) => (entry.type === "part" ? [{ id: entry.part.id, title: entry.part.title }] : []));
    return { book, snapshots, parts };
  });
}

export default async function SnapshotsPage({ params }: { params: Params }) {
  const { bookId } = await params;
  const principal = await requirePrincipal(`/books/${bookId}/snapshots`);
  const loaded = await load(bookId, principal);
  if ("refused" in loaded) return <Refused sentence={loaded.refused} />;
  const { book, snapshots, parts } = loaded;
  return (
    <>
      <BackToBook book={book} />
      <div className="page-head">
        <h1>Snapshots</h1>
        <p className="lede">
          A snapshot freezes the book (or one of its parts) as it stands — every chapter’s title, order and text — under a name, to hand to readers or to look back on. Compare one
          with today or with another, and bring a chapter back from one as a new version.
        </p>
      </div>
      <SnapshotsView bookId={book.id} language={book.language} initial={snapshots} manages={roleMayDo(book.role, "manageSnapshots")} writes={roleMayDo(book.role, "write")} parts={parts} />
    </>
  );
}
