import type { Metadata } from "next";
import Link from "next/link";
import { ERROR_SENTENCES } from "@/app/_components/problem";
import { pagePrincipal, requirePrincipal } from "@/app/_components/require-principal";
import type { Principal } from "@/server/auth/principal";
import { getBook } from "@/server/books/get-book";
import { AppError } from "@/server/errors";
import { getReading } from "@/server/readers/get-reading";
import { ReadingView } from "./reading-view";

type Params = Promise<{ bookId: string }>;
type Search = Promise<{ chapter?: string | string[] }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const principal = await pagePrincipal();
  if (!principal) return { title: "Reading" };
  const book = await getBook({ bookId: (await params).bookId }, principal).catch(() => null);
  return { title: book ? `Reading — ${book.title}` : "Reading" };
}

/** The shared snapshot, or the sentence the page says instead (nothing shared, another writer's book, removed). */
async function load(bookId: string, principal: Principal) {
  try {
    const book = await getBook({ bookId }, principal);
    return { book, reading: await getReading({ bookId }, principal) };
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    return { refused: error.code === "not_found" ? "Nothing is shared with readers yet: the writer has not shared a draft." : ERROR_SENTENCES[error.code] };
  }
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
  if ("refused" in loaded) {
    return (
      <div className="empty">
        <p className="empty-title">{loaded.refused}</p>
        <Link href="/books">Back to your books</Link>
      </div>
    );
  }
  const { book, reading } = loaded;
  const asked = typeof chapter === "string" && reading.chapters.some((c) => c.chapterId === chapter) ? chapter : null;
  const start = asked ?? reading.resume?.chapterId ?? reading.chapters[0]?.chapterId ?? null;
  return (
    <>
      <p className="eyebrow">
        <Link href={`/books/${book.id}`} lang={book.language}>
          ← {book.title}
        </Link>
      </p>
      {start ? (
        <ReadingView bookId={book.id} language={book.language} snapshotName={reading.snapshot.name} chapters={reading.chapters} startChapterId={start} />
      ) : (
        <div className="empty">
          <p className="empty-title">No chapter of “{reading.snapshot.name}” is released to readers yet.</p>
        </div>
      )}
    </>
  );
}
