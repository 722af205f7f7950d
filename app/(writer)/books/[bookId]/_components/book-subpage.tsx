import type { Metadata } from "next";
import Link from "next/link";
import { cache } from "react";
import { getProblems, getT } from "@/app/_i18n/server";
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

/**
 * `generateMetadata` for a book's page named `name`: "Snapshots — The Long Tide". `name` may be a
 * function that words it in the page's language when the page is drawn (`() => getT(…).then(…)`).
 */
export function bookPageMetadata(name: string | (() => Promise<string>)) {
  return async ({ params }: BookParams): Promise<Metadata> => {
    const [title, named] = await Promise.all([bookTitle((await params).bookId), typeof name === "string" ? name : name()]);
    return { title: title ? `${named} — ${title}` : named };
  };
}

/**
 * The page's data, or the sentence it says instead when the API refuses (another writer's book, one
 * in the trash, a beta reader where readers may not go); `sentence` may word a refusal for the page.
 * A failure of the server itself is thrown, to the error page.
 */
export async function loadOrRefused<T>(load: () => Promise<T>, sentence?: (code: ErrorCode) => string): Promise<T | { refused: string }> {
  try {
    return await load();
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    // The code's sentence in the page's language, unless the page words this refusal its own way.
    return { refused: (sentence ?? (await getProblems()).sentence)(error.code) };
  }
}

/** What a book's page shows when the book cannot be opened there. */
export async function Refused({ sentence }: { sentence: string }) {
  const t = await getT("books.subpage");
  return (
    <div className="empty">
      <p className="empty-title">{sentence}</p>
      <Link href="/books">{t("backToBooks")}</Link>
    </div>
  );
}
