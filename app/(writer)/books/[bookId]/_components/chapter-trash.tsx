"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "use-intl";
import type { ChapterSummaryDto } from "@/server/chapters/schemas";
import { trpc } from "../../../../_trpc/client";
import { useProblems } from "../../../../_components/use-problems";
import { useBookFormat } from "../../_components/use-book-format";
import { CHAPTER_TRASH_DAYS } from "@/server/chapters/limits.mjs";
import styles from "../book.module.css";

/** The book's trash: chapters moved out of it, each restorable into the place it left. */
export function ChapterTrash({ chapters, language }: { chapters: ChapterSummaryDto[]; language: string }) {
  const router = useRouter();
  const restore = trpc.chapters.untrash.useMutation({ onSuccess: () => router.refresh() });
  const t = useTranslations("books.chapters");
  const format = useBookFormat();
  const { describeProblem } = useProblems();
  if (chapters.length === 0) return null;
  return (
    <section aria-labelledby="chapter-trash-heading" className={styles.trash}>
      <h3 id="chapter-trash-heading">{t("trashHeading")}</h3>
      <p className="muted">{t("trashHint", { days: CHAPTER_TRASH_DAYS })}</p>
      <ul className={styles.chapters}>
        {chapters.map((chapter) => (
          <li key={chapter.id} className={styles.chapter}>
            <span className={styles.chapterTitle} lang={language}>
              {chapter.title}
            </span>
            <span className="muted">{format.length(chapter.wordCount, language)}</span>
            <button
              type="button"
              className="button secondary small"
              disabled={restore.isPending}
              aria-label={t("restoreTitle", { title: chapter.title })}
              onClick={() => restore.mutate({ bookId: chapter.bookId, chapterId: chapter.id })}
            >
              {t("restore")}
            </button>
          </li>
        ))}
      </ul>
      {restore.error && (
        <p role="alert" className="form-alert">
          {describeProblem(restore.error)?.message}
        </p>
      )}
    </section>
  );
}
