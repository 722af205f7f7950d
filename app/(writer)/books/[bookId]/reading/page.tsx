import { getProblems, getT } from "@/app/_i18n/server";
import { requirePrincipal } from "@/app/_components/require-principal";
import type { Principal } from "@/server/auth/principal";
import { getBook } from "@/server/books/get-book";
import { BackToBook } from "../_components/back-to-book";
import { bookPageMetadata, loadOrRefused, Refused } from "../_components/book-subpage";
import { getReading } from "@/server/readers/get-reading";
import { ReadingView } from "./reading-view";

type Params = Promise<{ bookId: string }>;
type Search = Promise<{ chapter?: string | string[] }>;

export async function generateMetadata(params: { params: Params }) {
  return bookPageMetadata((await getT("readers.reading"))("title"))(params);
}

/** The shared snapshot, or the sentence the page says instead (nothing shared, another writer's book, removed). */
async function load(bookId: string, principal: Principal) {
  const [t, { sentence }] = [await getT("readers.reading"), await getProblems()];
  return loadOrRefused(
    async () => ({ book: await getBook({ bookId }, principal), reading: await getReading({ bookId }, principal) }),
    (code) => (code === "not_found" ? t("nothingShared") : sentence(code)),
  );
}

/**
 * /books/{bookId}/reading (issue 36 item 5, decision 0497): the snapshot the owner shares with the
 * book's readers, paged like a book. The place is kept on the server per chapter, so another device
 * opens where the reader left off.
 */
export default async function ReadingPage({ params, searchParams }: { params: Params; searchParams: Search }) {
  const { bookId } = await params;
  const { chapter } = await searchParams;
  const principal = await requirePrincipal(`/books/${bookId}/reading`);
  const loaded = await load(bookId, principal);
  if ("refused" in loaded) return <Refused sentence={loaded.refused} />;
  const { book, reading } = loaded;
  const asked = typeof chapter === "string" && reading.chapters.some((c) => c.chapterId === chapter) ? chapter : null;
  const start = asked ?? reading.resume?.chapterId ?? reading.chapters[0]?.chapterId ?? null;
  return (
    <>
      <BackToBook book={book} />
      {start ? (
        <ReadingView bookId={book.id} language={book.language} snapshotName={reading.snapshot.name} chapters={reading.chapters} startChapterId={start} />
      ) : (
        <div className="empty">
          <p className="empty-title">{(await getT("readers.reading"))("nothingReleased", { name: reading.snapshot.name })}</p>
        </div>
      )}
    </>
  );
}
