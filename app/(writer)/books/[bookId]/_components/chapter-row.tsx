"use client";

import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import Link from "next/link";
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useTranslations } from "use-intl";
import type { ChapterSummaryDto } from "@/server/chapters/schemas";
import type { Problem } from "../../../../_components/problem";
import { useProblems } from "../../../../_components/use-problems";
import { useBookFormat } from "../../_components/use-book-format";
import { trpc } from "../../../../_trpc/client";
import { useHydrated } from "../../../../_components/use-hydrated";
import styles from "../book.module.css";

/** Renames a chapter. A rename changes only the title, so a newer version saved elsewhere is no conflict: retry on it once. */
function useRename(chapter: ChapterSummaryDto, onRenamed: () => void) {
  const utils = trpc.useUtils();
  const save = trpc.chapters.save.useMutation();
  const { describeProblem } = useProblems();
  const [problem, setProblem] = useState<Problem | null>(null);
  async function rename(title: string): Promise<boolean> {
    const ref = { bookId: chapter.bookId, chapterId: chapter.id };
    setProblem(null);
    try {
      try {
        await save.mutateAsync({ ...ref, title, version: chapter.version });
      } catch (error) {
        if (describeProblem(error)?.code !== "version_conflict") throw error;
        const latest = await utils.chapters.get.fetch(ref, { staleTime: 0 });
        await save.mutateAsync({ ...ref, title, version: latest.version });
      }
      onRenamed();
      return true;
    } catch (error) {
      setProblem(describeProblem(error));
      return false;
    }
  }
  return { rename, pending: save.isPending, problem };
}

/** One chapter: a handle to move it, its title (a link to the editor), its words, rename and delete. */
export function ChapterRow({
  chapter,
  language,
  place,
  lastBy,
  onDelete,
  onRenamed,
  partMenu,
}: {
  chapter: ChapterSummaryDto;
  /** the menu that moves it into or out of a part; none in a book without parts */
  partMenu?: ReactNode;
  /** the book's, for the title's shaping and the count's unit */
  language: string;
  place: number;
  /** who else wrote its current version, in a shared book */
  lastBy?: string;
  onDelete: () => void;
  onRenamed: () => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: chapter.id });
  // The handle moves the chapter only once the page is hydrated: before, Space on it did nothing.
  const hydrated = useHydrated();
  const t = useTranslations("books.chapters");
  const format = useBookFormat();
  const [editing, setEditing] = useState(false);
  const renameButton = useRef<HTMLButtonElement>(null);
  const { rename, pending, problem } = useRename(chapter, onRenamed);
  const errorId = `rename-${chapter.id}-error`;

  // Back on the Rename button once the title is shown again, not lost to the page.
  const wasEditing = useRef(false);
  useEffect(() => {
    if (wasEditing.current && !editing) renameButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  const finish = () => setEditing(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const title = String(new FormData(event.currentTarget).get("title") ?? "");
    if (title === chapter.title || (await rename(title))) finish();
  }

  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={styles.chapter}
      data-dragging={isDragging || undefined}
      data-in-part={chapter.partId ? "" : undefined}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className={styles.handle}
        {...attributes}
        {...listeners}
        disabled={!hydrated}
        aria-label={t("move", { title: chapter.title })}
      >
        <span aria-hidden="true">⠿</span>
      </button>
      <span className={styles.place} aria-hidden="true">
        {place}
      </span>
      {editing ? (
        <form className={styles.rename} onSubmit={submit} onKeyDown={(e) => e.key === "Escape" && (e.stopPropagation(), finish())}>
          <label className="visually-hidden" htmlFor={`rename-${chapter.id}`}>
            {t("newTitleFor", { title: chapter.title })}
          </label>
          <input
            id={`rename-${chapter.id}`}
            name="title"
            defaultValue={chapter.title}
            lang={language}
            autoFocus
            onFocus={(e) => e.currentTarget.select()}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? errorId : undefined}
          />
          <button type="submit" className="button small" disabled={pending} aria-busy={pending || undefined}>
            {t("save")}
          </button>
          <button type="button" className="button ghost small" onClick={finish}>
            {t("cancel")}
          </button>
          {problem && (
            <p id={errorId} className={`field-error ${styles.renameError}`}>
              {problem.fields.title ?? problem.message}
            </p>
          )}
        </form>
      ) : (
        <>
          <Link href={`/books/${chapter.bookId}/chapters/${chapter.id}`} className={styles.chapterTitle} lang={language}>
            {chapter.title}
          </Link>
          <span className={styles.chapterWords}>{format.length(chapter.wordCount, language)}</span>
          {lastBy && <span className={styles.chapterBy}>{t("lastBy", { name: lastBy })}</span>}
          {partMenu}
          <span className={styles.chapterActions}>
            <button type="button" ref={renameButton} className="button ghost small" onClick={() => setEditing(true)}>
              {t("rename")}
              <span className="visually-hidden">{t("quoted", { title: chapter.title })}</span>
            </button>
            <button type="button" className="button ghost small" onClick={onDelete}>
              {t("delete")}
              <span className="visually-hidden">{t("quoted", { title: chapter.title })}</span>
            </button>
          </span>
        </>
      )}
    </li>
  );
}
