import type { Metadata } from "next";
import Link from "next/link";
import { cache } from "react";
import { ERROR_SENTENCES } from "@/app/_components/problem";
import { pagePrincipal } from "@/app/_components/require-principal";
import { getBook } from "@/server/books/get-book";
import { AppError, type ErrorCode } from "@/server/errors";

/**
 * What every page under a book (snapshots, readers, reading, comments, the bible, the plan's views)
 * shares: its title beside the book's, its data or the sentence it says instead, and the way back.
 */

type BookParams = { params: Promise<{ bookId: string }> };

/** The book's title, read once per request however many parts of a page ask for it. */
const bookTitle = cache(async (bookId: string): Promise<string | null> => {
  const principal = await pagePrincipal();
  if (!principal) return null;
  return (await getBook({ bookId }, principal).catch(() => null))?.title ?? null;
});

/** `generateMetadata` for a book's page named `name`: "Snapshots — The Long Tide". */
export function bookPageMetadata(name: string) {
  return async ({ params }: BookParams): Promise<Metadata> => {
    const title = await bookTitle((await params).bookId);
    return { title: title ? `${name} — ${title}` : name };
  };
}

/**
 * The page's data, or the sentence it says instead when the API refuses (another writer's book, one
 * in the trash, a beta reader where readers may not go); `sentence` may word a refusal for the page.
 * A failure of the server itself is thrown, to the error page.
 */
export async function loadOrRefused<T>(load: () => Promise<T>, sentence: (code: ErrorCode) => string = (code) => ERROR_SENTENCES[code]): Promise<T | { refused: string }> {
  try {
    return await load();
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    return { refused: sentence(error.code) };
  }
}

/** What a book's page shows when the book cannot be opened there. */
export function Refused({ sentence }: { sentence: string }) {
  return (
    <div className="empty">
      <p className="empty-title">{sentence}</p>
      <Link href="/books">Back to your books</Link>
    </div>
  );
}
