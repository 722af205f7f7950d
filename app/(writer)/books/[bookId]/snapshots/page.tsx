import type { Metadata } from "next";
import Link from "next/link";
import { ERROR_SENTENCES } from "@/app/_components/problem";
import { pagePrincipal, requirePrincipal } from "@/app/_components/require-principal";
import { roleMayDo } from "@/server/auth/book-roles";
import type { Principal } from "@/server/auth/principal";
import { getBook } from "@/server/books/get-book";
import { AppError } from "@/server/errors";
import { getContents } from "@/server/parts/get-contents";
import { listSnapshots } from "@/server/snapshots/list-snapshots";
import { SnapshotsView } from "./snapshots-view";

type Params = Promise<{ bookId: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const principal = await pagePrincipal();
  if (!principal) return { title: "Snapshots" };
  const book = await getBook({ bookId: (await params).bookId }, principal).catch(() => null);
  return { title: book ? `Snapshots — ${book.title}` : "Snapshots" };
}

/**
 * /books/{bookId}/snapshots (issue 36 item 4): the book's named snapshots. The owner freezes the
 * book under a name; whoever reads the draft compares one with today or with another, chapter by
 * chapter, and opens a chapter's changes; whoever writes restores a chapter from one.
 */
/** The book and its snapshots, or the sentence the page says instead (another writer's book, a beta reader, the trash). */
async function load(bookId: string, principal: Principal) {
  try {
    const book = await getBook({ bookId }, principal);
    const [snapshots, contents] = await Promise.all([listSnapshots({ bookId }, principal), getContents({ bookId }, principal)]);
    const parts = contents.entries.flatMap((entry) => (entry.type === "part" ? [{ id: entry.part.id, title: entry.part.title }] : []));
    return { book, snapshots, parts };
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    return { refused: ERROR_SENTENCES[error.code] };
  }
}

export default async function SnapshotsPage({ params }: { params: Params }) {
  const { bookId } = await params;
  const principal = await requirePrincipal(`/books/${bookId}/snapshots`);
  const loaded = await load(bookId, principal);
  if ("refused" in loaded) {
    return (
      <div className="empty">
        <p className="empty-title">{loaded.refused}</p>
        <Link href="/books">Back to your books</Link>
      </div>
    );
  }
  const { book, snapshots, parts } = loaded;
  return (
    <>
      <p className="eyebrow">
        <Link href={`/books/${book.id}`} lang={book.language}>
          ← {book.title}
        </Link>
      </p>
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
