import type { ReactNode } from "react";
import { BackToBook } from "./back-to-book";

/**
 * The head of a page under a book (outline, corkboard, timeline, plot grid, foreshadowing,
 * snapshots, readers): the way back to the book, the page's heading, what the page is for, and
 * anything the page adds under it (a hint that the page is read-only).
 */
export function BookSubpageHead({ book, title, lede, children }: { book: { id: string; title: string; language: string }; title: string; lede: string; children?: ReactNode }) {
  return (
    <>
      <BackToBook book={book} />
      <div className="page-head">
        <h1>{title}</h1>
        <p className="lede">{lede}</p>
        {children}
      </div>
    </>
  );
}
