"use client";

import { useRef, type FormEvent } from "react";
import { useTranslations } from "use-intl";
import type { ChapterDto } from "@/server/chapters/schemas";
import { Field } from "../../../../_components/field";
import { FormAlert } from "../../../../_components/form-alert";
import { useProblems } from "../../../../_components/use-problems";
import { trpc } from "../../../../_trpc/client";
import styles from "../book.module.css";

interface AddChapterFormProps {
  bookId: string;
  /** what the API will call an untitled chapter ("Chapter 4", "第4章"), from the book's language */
  nextTitle: string;
  language: string;
  /** true from the click until the new chapter is in the list the server sent */
  busy: boolean;
  onAdding: (title: string) => void;
  onAdded: (chapter: ChapterDto) => void;
  onFailed: () => void;
}

/** A new, empty chapter at the end of the book; the list shows it at once (ChapterList). */
export function AddChapterForm({ bookId, nextTitle, language, busy, onAdding, onAdded, onFailed }: AddChapterFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  // `busy` is the last render's: a second click or Enter before the next render would not see it.
  const sending = useRef(false);
  const upload = trpc.chapters.upload.useMutation();
  const t = useTranslations("books.chapters");
  const { describeProblem } = useProblems();
  const problem = describeProblem(upload.error);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || sending.current) return;
    sending.current = true;
    const title = String(new FormData(event.currentTarget).get("title") ?? "");
    onAdding(title.trim() || nextTitle);
    upload.mutate(
      { bookId, content: "", ...(title.trim() ? { title } : {}) },
      {
        onSuccess: (chapter) => {
          formRef.current?.reset();
          onAdded(chapter);
        },
        onError: onFailed,
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  }

  return (
    <form ref={formRef} onSubmit={submit} className={styles.addChapter} noValidate aria-labelledby="add-chapter-heading">
      <h3 id="add-chapter-heading" className="visually-hidden">
        {t("addHeading")}
      </h3>
      {problem && !problem.fields.title && <FormAlert message={problem.message} />}
      <div className={styles.addRow}>
        <Field name="title" label={t("newChapter")} placeholder={nextTitle} lang={language} autoComplete="off" error={problem?.fields.title} />
        <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
          {busy ? t("adding") : t("addChapter")}
        </button>
      </div>
    </form>
  );
}
