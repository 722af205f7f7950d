import Link from "next/link";
import { getT } from "@/app/_i18n/server";
import styles from "./bible.module.css";
import { BackToBook } from "../../_components/back-to-book";

const PAGES = [
  { key: "entries", path: "" },
  { key: "graph", path: "/graph" },
  { key: "checks", path: "/checks" },
] as const;

/** The bible's heading: the book it belongs to, and its three views. */
export async function BibleHead({ book, title, current }: { book: { id: string; title: string; language: string }; title: string; current?: (typeof PAGES)[number]["key"] }) {
  const t = await getT("bible.nav");
  return (
    <>
      <BackToBook book={book} />
      <div className={styles.head}>
        <h1>{title}</h1>
        <nav aria-label={t("label")} className={styles.nav}>
          {PAGES.map((page) => (
            <Link
              key={page.key}
              href={`/books/${book.id}/bible${page.path}`}
              className="button secondary small"
              aria-current={current === page.key ? "page" : undefined}
            >
              {t(page.key)}
            </Link>
          ))}
        </nav>
      </div>
    </>
  );
}
