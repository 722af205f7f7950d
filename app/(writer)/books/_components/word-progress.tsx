import type { BookDto } from "@/server/books/schemas";
import { formatNumber, formatWords } from "../../../_components/format";
import styles from "./word-progress.module.css";

/** A book's words (or characters, by its language), and its progress toward the target when it has one. */
export function WordProgress({ book, className }: { book: Pick<BookDto, "wordCount" | "targetWordCount"> & { language?: string }; className?: string }) {
  const { wordCount, targetWordCount, language } = book;
  const percent = targetWordCount ? Math.min(100, Math.floor((wordCount / targetWordCount) * 100)) : null;
  return (
    <div className={className}>
      <p className={styles.count}>{formatWords(wordCount, language)}</p>
      {targetWordCount !== null && percent !== null && (
        <>
          <span className={`progress ${styles.bar}`} aria-hidden="true">
            <span style={{ width: `${percent}%` }} />
          </span>
          <p className={styles.target}>
            {percent}% of {formatNumber(targetWordCount)}
          </p>
        </>
      )}
    </div>
  );
}
