"use client";

import { useRouter } from "next/navigation";
import type { ChapterSummaryDto } from "@/server/chapters/schemas";
import { formatWords } from "../../../../_components/format";
import { trpc } from "../../../../_trpc/client";
import { ERROR_SENTENCES } from "../../../../_components/error-sentences";
import styles from "../book.module.css";

/** The book's trash: chapters moved out of it, each restorable into the place it left. */
export function ChapterTrash({ chapters, language }: { chapters: ChapterSummaryDto[]; language: string }) {
  const router = useRouter();
  const restore = trpc.chapters.untrash.useMutation({ onSuccess: () => router.refresh() });
  if (chapters.length === 0) return null;
  const failure = restore.error?.data && "error" in restore.error.data ? restore.error.data.error : null;
  return (
    <section aria-labelledby="chapter-trash-heading" className={styles.trash}>
      <h3 id="chapter-trash-heading">Trash</h3>
      <p className="muted">Chapters here are deleted for good after 30 days.</p>
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
          {failure && failure in ERROR_SENTENCES ? ERROR_SENTENCES[failure as keyof typeof ERROR_SENTENCES] : restore.error.message}
        </p>
      )}
    </section>
  );
}
