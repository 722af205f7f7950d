import type { Metadata } from "next";
import Link from "next/link";
import { ERROR_SENTENCES } from "@/app/_components/problem";
import { pagePrincipal, requirePrincipal } from "@/app/_components/require-principal";
import type { Principal } from "@/server/auth/principal";
import { getBook } from "@/server/books/get-book";
import { AppError } from "@/server/errors";
import { getReadersReport } from "@/server/readers/get-readers-report";
import { listSnapshots } from "@/server/snapshots/list-snapshots";
import { ReadersView } from "./readers-view";

type Params = Promise<{ bookId: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const principal = await pagePrincipal();
  if (!principal) return { title: "Readers" };
  const book = await getBook({ bookId: (await params).bookId }, principal).catch(() => null);
  return { title: book ? `Readers — ${book.title}` : "Readers" };
}

async function load(bookId: string, principal: Principal) {
  try {
    const book = await getBook({ bookId }, principal);
    const [report, snapshots] = await Promise.all([getReadersReport({ bookId }, principal), listSnapshots({ bookId }, principal)]);
    return { book, report, snapshots };
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    return { refused: ERROR_SENTENCES[error.code] };
  }
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
  if ("refused" in loaded) {
    return (
      <div className="empty">
        <p className="empty-title">{loaded.refused}</p>
        <Link href="/books">Back to your books</Link>
      </div>
    );
  }
  const { book, report, snapshots } = loaded;
  return (
    <>
      <p className="eyebrow">
        <Link href={`/books/${book.id}`} lang={book.language}>
          ← {book.title}
        </Link>
      </p>
      <div className="page-head">
        <h1>Readers</h1>
        <p className="lede">
          Beta readers read the snapshot you share, never the draft you keep writing — and of it only the chapters released to readers. Here is where each one stopped, what
          they reacted to and what they said.
        </p>
      </div>
      <ReadersView bookId={book.id} language={book.language} report={report} snapshots={snapshots.map(({ id, name }) => ({ id, name }))} />
    </>
  );
}
