import Link from "next/link";
import styles from "./bible.module.css";
import { BackToBook } from "../../_components/back-to-book";

const PAGES = [
  { key: "entries", label: "Entries", path: "" },
  { key: "graph", label: "Relations graph", path: "/graph" },
  { key: "checks", label: "Continuity checks", path: "/checks" },
] as const;

/** The bible's heading: the book it belongs to, and its three views. */
export function BibleHead({ book, title, current }: { book: { id: string; title: string; language: string }; title: string; current?: (typeof PAGES)[number]["key"] }) {
  return (
    <>
      <BackToBook book={book} />
      <div className={styles.head}>
        <h1>{title}</h1>
        <nav aria-label="Story bible" className={styles.nav}>
          {PAGES.map((page) => (
            <Link
              key={page.key}
              href={`/books/${book.id}/bible${page.path}`}
              className="button secondary small"
              aria-current={current === page.key ? "page" : undefined}
            >
              {page.label}
            </Link>
          ))}
        </nav>
      </div>
    </>
  );
}

export const kindClass = (kind: string) => `bible-${kind.replace(/[^\w-]/g, "_")}`;
