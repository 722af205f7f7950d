"use client";

import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslations } from "use-intl";
import type { PartDto } from "@/server/parts/schemas";
import { useProblems } from "../../../../_components/use-problems";
import { trpc } from "../../../../_trpc/client";
import styles from "../book.module.css";

/**
 * A part's heading in the chapter list (decision 0488): its title, rename in place, and delete,
 * which keeps its chapters in the book (so it asks nothing: no word can be lost by it).
 */
export function PartHeading({
  part,
  language,
  empty,
  onChanged,
  onDeleted,
}: {
  part: PartDto;
  language: string;
  /** no chapter is in it yet */
  empty: boolean;
  onChanged: () => void;
  onDeleted: (part: PartDto) => void;
}) {
  const [editing, setEditing] = useState(false);
  const update = trpc.parts.update.useMutation();
  const remove = trpc.parts.delete.useMutation();
  const renameButton = useRef<HTMLButtonElement>(null);
  const t = useTranslations("books.chapters");
  const { describeProblem } = useProblems();
  const problem = describeProblem(update.error ?? remove.error);
  const errorId = `part-${part.id}-error`;

  const wasEditing = useRef(false);
  useEffect(() => {
    if (wasEditing.current && !editing) renameButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const title = String(new FormData(event.currentTarget).get("title") ?? "");
    if (title === part.title) return setEditing(false);
    update.mutate({ bookId: part.bookId, partId: part.id, title }, { onSuccess: () => (setEditing(false), onChanged()) });
  }

  return (
    <li className={styles.part} data-part={part.id}>
      {editing ? (
        <form className={styles.rename} onSubmit={submit} onKeyDown={(e) => e.key === "Escape" && (e.stopPropagation(), setEditing(false))}>
          <label className="visually-hidden" htmlFor={`part-${part.id}`}>
            {t("partNewTitle", { title: part.title })}
          </label>
          <input
            id={`part-${part.id}`}
            name="title"
            defaultValue={part.title}
            lang={language}
            autoFocus
            onFocus={(e) => e.currentTarget.select()}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? errorId : undefined}
          />
          <button type="submit" className="button small" disabled={update.isPending}>
            {t("save")}
          </button>
          <button type="button" className="button ghost small" onClick={() => setEditing(false)}>
            {t("cancel")}
          </button>
        </form>
      ) : (
        <>
          <h3 className={styles.partTitle} lang={language}>
            {part.title}
          </h3>
          {empty && <span className={styles.chapterWords}>{t("partEmpty")}</span>}
          <span className={styles.chapterActions}>
            <button type="button" ref={renameButton} className="button ghost small" onClick={() => setEditing(true)}>
              {t("rename")}
              <span className="visually-hidden">{t("thePart", { title: part.title })}</span>
            </button>
            <button
              type="button"
              className="button ghost small"
              disabled={remove.isPending}
              onClick={() => remove.mutate({ bookId: part.bookId, partId: part.id }, { onSuccess: () => onDeleted(part) })}
            >
              {t("delete")}
              <span className="visually-hidden">{t("thePart", { title: part.title })}</span>
            </button>
          </span>
        </>
      )}
      {problem && (
        <p id={errorId} className={`field-error ${styles.renameError}`}>
          {problem.fields.title ?? problem.message}
        </p>
      )}
    </li>
  );
}

/** Adds an empty part after the book's last part. */
export function AddPartForm({ bookId, language, onAdded }: { bookId: string; language: string; onAdded: (part: PartDto) => void }) {
  const create = trpc.parts.create.useMutation();
  const formRef = useRef<HTMLFormElement>(null);
  const t = useTranslations("books.chapters");
  const { describeProblem } = useProblems();
  const problem = describeProblem(create.error);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const title = String(new FormData(event.currentTarget).get("title") ?? "");
    create.mutate({ bookId, title }, { onSuccess: (part) => (formRef.current?.reset(), onAdded(part)) });
  }
  // The example is in the book's language, like the title it stands for: "第一卷" in a Chinese book whatever the interface.
  return (
    <form ref={formRef} onSubmit={submit} className={styles.addPart} noValidate>
      <label htmlFor="new-part-title">{t("newPart")}</label>
      <input id="new-part-title" name="title" placeholder={language.startsWith("zh") ? "第一卷" : t("partPlaceholder")} lang={language} autoComplete="off" aria-invalid={problem ? true : undefined} aria-describedby={problem ? "new-part-error" : "new-part-hint"} />
      <button type="submit" className="button secondary small" disabled={create.isPending}>
        {t("addPart")}
      </button>
      <p id={problem ? "new-part-error" : "new-part-hint"} className={problem ? "field-error" : "field-hint"}>
        {problem ? (problem.fields.title ?? problem.message) : t("partHint")}
      </p>
    </form>
  );
}
