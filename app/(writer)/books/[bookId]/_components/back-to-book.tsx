import Link from "next/link";

/** The link back to the book above the heading of a page under it (no server code: client components show it too). */
export function BackToBook({ book }: { book: { id: string; title: string; language: string } }) {
  return (
    <p className="eyebrow">
      <Link href={`/books/${book.id}`} lang={book.language}>
        ← {book.title}
      </Link>
    </p>
  );
}
