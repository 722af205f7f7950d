import type { BookDto } from "@/server/books/schemas";
import { getFormat, getT } from "../../../_i18n/server";
import { bookFormat } from "./book-format";
import styles from "./word-progress.module.css";

/** A book's words (or characters, by its language), and its progress toward the target when it has one. */
export async function WordProgress({ book, className }: { book: Pick<BookDto, "wordCount" | "targetWordCount"> & { language?: string }; className?: string }) {
  const { wordCount, targetWordCount, language } = book;
  const t = await getT("books.units");
  const format = bookFormat(t, await getFormat());
  const percent = targetWordCount ? Math.min(100, Math.floor((wordCount / targetWordCount) * 100)) : null;
  return (
    <div className={className}>
      <p className={styles.count}>{format.length(wordCount, language)}</p>
      {targetWordCount !== null && percent !== null && (
        <>
          <span className={`progress ${styles.bar}`} aria-hidden="true">
            <span style={{ width: `${percent}%` }} />
          </span>
          <p className={styles.target}>{t("progress", { share: share(wordCount, percent), target: format.number(targetWordCount) })}</p>
        </>
      )}
    </div>
  );
}

/** A share that rounds down to nothing reads "<1%": a begun book is not at 0%. */
function share(wordCount: number, percent: number): string {
  return percent === 0 && wordCount > 0 ? "<1%" : `${percent}%`;
}
