"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { ConfirmDialog } from "@/app/_components/confirm-dialog";
import { FormAlert } from "@/app/_components/form-alert";
import { useProblems } from "@/app/_components/use-problems";
import { useTranslations } from "use-intl";
import { trpc } from "@/app/_trpc/client";
import type { EntryDto } from "@/server/bible/schemas";
import styles from "./bible.module.css";
import { kindClass } from "./kind-class";
import { useKindName } from "./kind-name";
import { EntryForm, type ChapterOption } from "./entry-form";
import { EntryMentions } from "./entry-mentions";
import { EntryPicture } from "./entry-picture";
import { EntryRelations } from "./entry-relations";

interface EntryViewProps {
  book: { id: string; language: string };
  chapters: readonly ChapterOption[];
  entryId: string;
}

/** An entry: its card (or its form), picture, relations, and every mention in the book. */
export function EntryView({ book, chapters, entryId }: EntryViewProps) {
  const router = useRouter();
  const utils = trpc.useUtils();
  const t = useTranslations("bible");
  const kindName = useKindName();
  const { describeProblem } = useProblems();
  const entry = trpc.bible.getEntry.useQuery({ bookId: book.id, entryId });
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = trpc.bible.deleteEntry.useMutation({
    onSuccess: () => {
      void utils.bible.invalidate();
      router.push(`/books/${book.id}/bible`);
    },
  });
  if (!entry.data) {
    if (!entry.error) return <p className="muted">{t("entry.loading")}</p>;
    return (
      <div className="empty">
        <p className="empty-title">{describeProblem(entry.error)?.message}</p>
        <Link href={`/books/${book.id}/bible`}>{t("entry.back")}</Link>
      </div>
    );
  }
  const e: EntryDto = entry.data;
  return (
    <div className={`${styles.entryLayout} ${kindClass(e.kind)}`}>
      <div>
        <header className={styles.entryHead}>
          <span className={styles.kind}>
            <span className={styles.dot} aria-hidden="true" />
            {kindName(e.kind)}
            {e.scope === "series" && t("entry.belongsToSeries")}
          </span>
          <h2 lang={book.language} className={styles.entryTitle}>
            {e.name}
          </h2>
          {e.aliases.length > 0 && (
            <p className={styles.small} lang={book.language}>
              {t("entry.also", { names: e.aliases.join(", ") })}
            </p>
          )}
        </header>
        {editing ? (
          <section className={styles.panel} aria-label={t("entry.editLabel")}>
            <EntryForm bookId={book.id} language={book.language} chapters={chapters} entry={e} onSaved={() => setEditing(false)} onCancel={() => setEditing(false)} />
          </section>
        ) : (
          <>
            {e.description && (
              <p className={styles.entryDescription} lang={book.language}>
                {e.description}
              </p>
            )}
            <dl className={styles.facts} lang={book.language}>
              {e.fields.map((field) => (
                <div key={field.key} className={styles.fact}>
                  <dt>{field.key}</dt>
                  <dd>{field.value}</dd>
                </div>
              ))}
              {(e.status.note || e.status.exitChapter) && (
                <>
                  <dt>{t("entry.status")}</dt>
                  <dd>
                    {e.status.note}
                    {e.status.exitChapter && (
                      <>
                        {e.status.note && " · "}
                        {t("entry.leavesIn")}{" "}
                        <Link href={`/books/${e.status.exitChapter.bookId}/chapters/${e.status.exitChapter.id}`}>{e.status.exitChapter.title}</Link>
                      </>
                    )}
                  </dd>
                </>
              )}
              {e.tags.length > 0 && (
                <>
                  <dt>{t("entry.tags")}</dt>
                  <dd>{e.tags.join(", ")}</dd>
                </>
              )}
            </dl>
            {e.warnings.length > 0 && (
              <ul className={styles.warnings}>
                {e.warnings.map((warning) => (
                  <li key={warning.name}>{t(`warning.${warning.code}`, { name: warning.name })}</li>
                ))}
              </ul>
            )}
            <div className="button-row">
              <button type="button" className="button secondary small" onClick={() => setEditing(true)}>
                {t("entry.edit")}
              </button>
              <button type="button" className="button danger small" onClick={() => setDeleting(true)}>
                {t("entry.delete")}
              </button>
            </div>
          </>
        )}
        <EntryRelations bookId={book.id} language={book.language} entry={e} />
        <EntryMentions bookId={book.id} language={book.language} entryId={e.id} />
      </div>
      <aside aria-label={t("entry.pictureLabel")}>
        <EntryPicture bookId={book.id} entry={e} />
      </aside>
      {deleting && (
        <ConfirmDialog
          title={t("entry.deleteTitle", { name: e.name })}
          confirmLabel={t("entry.deleteConfirm")}
          pending={remove.isPending}
          error={remove.error}
          onConfirm={() => remove.mutate({ bookId: book.id, entryId: e.id })}
          onClose={() => setDeleting(false)}
        >
          <p>{t("entry.deleteBody")}</p>
        </ConfirmDialog>
      )}
      <FormAlert message={describeProblem(remove.error)?.message} />
    </div>
  );
}
