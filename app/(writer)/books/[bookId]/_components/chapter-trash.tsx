"use client";

import { useRouter } from "next/navigation";
import type { ChapterSummaryDto } from "@/server/chapters/schemas";
import { formatWords } from "../../../../_components/format";
import { trpc } from "../../../../_trpc/client";
import { describeProblem } from "../../../../_components/problem";
import { CHAPTER_TRASH_DAYS } from "@/server/chapters/limits.mjs";
import styles from "../book.module.css";

/** The book's trash: chapters moved out of it, each restorable into the place it left. */
export function ChapterTrash({ chapters, language }: { chapters: ChapterSummaryDto[]; language: string }) {
  const router = useRouter();
  const restore = trpc.chapters.untrash.useMutation({ onSuccess: () => router.refresh() });
  if (chapters.length === 0) return null;
  return (
    <section aria-labelledby="chapter-trash-heading" className={styles.trash}>
      <h3 id="chapter-trash-heading">Trash</h3>
      <p className="muted">Chapters here are deleted for good after {CHAPTER_TRASH_DAYS} days, unless a named snapshot holds them.</p>
      <ul className={styles.chapters}>
        {chapters.map((chapter) => (
          <li key={chapter.id} className={styles.chapter}>
            <span className={styles.chapterTitle} lang={language}>
              {chapter.title}
            </span>
            <span className="muted">{formatWords(chapter.wordCount, language)}</span>
            <button
              type="button"
              className="button secondary small"
              disabled={restore.isPending}
              aria-label={`Restore “${chapter.title}”`}
              onClick={() => restore.mutate({ bookId: chapter.bookId, chapterId: chapter.id })}
            >
              Restore
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
