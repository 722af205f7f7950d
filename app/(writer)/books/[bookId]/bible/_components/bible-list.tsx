"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { FormAlert } from "@/app/_components/form-alert";
import { useProblems } from "@/app/_components/use-problems";
import { useTranslations } from "use-intl";
import { trpc } from "@/app/_trpc/client";
import styles from "./bible.module.css";
import { kindClass } from "./kind-class";
import { EntryForm, type ChapterOption } from "./entry-form";
import { useKindName } from "./kind-name";
import { Pager } from "./pager";
import { ProposedEntries } from "./proposed-entries";

const PER_PAGE = 60;

/**
 * The bible's entries as cards, filtered by kind (the kinds the bible holds, the writer's own
 * included), with a new entry's form above them.
 */
export function BibleList({ book, chapters }: { book: { id: string; language: string }; chapters: readonly ChapterOption[] }) {
  const router = useRouter();
  const t = useTranslations("bible.list");
  const kindName = useKindName();
  const { describeProblem } = useProblems();
  const [kind, setKind] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  // The kinds come from every name (one unpaged list), so a filter never hides a kind.
  const names = trpc.bible.names.useQuery({ bookId: book.id });
  const list = trpc.bible.entries.useQuery({ bookId: book.id, page, perPage: PER_PAGE, ...(kind ? { kind } : {}) });
  const kinds = [...new Set((names.data ?? []).map((entry) => entry.kind))].sort();
  const problem = describeProblem(list.error ?? names.error);
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PER_PAGE)) : 1;

  return (
    <>
      <div className="button-row" style={{ marginBottom: "1.25rem" }}>
        <button type="button" className="button small" aria-expanded={adding} onClick={() => setAdding((open) => !open)}>
          {t("newEntry")}
        </button>
        <span className="muted">{names.data && t("count", { count: names.data.length })}</span>
      </div>
      {adding && (
        <section className={styles.panel} aria-labelledby="new-entry-heading">
          <h2 id="new-entry-heading">{t("newEntry")}</h2>
          <EntryForm
            bookId={book.id}
            language={book.language}
            chapters={chapters}
            onSaved={(entry) => router.push(`/books/${book.id}/bible/${entry.id}`)}
            onCancel={() => setAdding(false)}
          />
        </section>
      )}
      <ProposedEntries bookId={book.id} language={book.language} />
      <FormAlert message={problem?.message} />
      {kinds.length > 1 && (
        <ul className={styles.filters} aria-label={t("showKind")}>
          {[null, ...kinds].map((value) => (
            <li key={value ?? "all"}>
              <button
                type="button"
                className={`${styles.filter} ${value ? kindClass(value) : ""}`}
                aria-pressed={kind === value}
                onClick={() => {
                  setKind(value);
                  setPage(1);
                }}
              >
                {value && <span className={styles.dot} aria-hidden="true" />}
                {value ? kindName(value) : t("all")}
              </button>
            </li>
          ))}
        </ul>
      )}
      {list.data && list.data.total === 0 && !kind ? (
        <div className="empty">
          <p className="empty-title">{t("emptyTitle")}</p>
          <p className="muted">{t("emptyHint")}</p>
        </div>
      ) : (
        <ul className={styles.entries} lang={book.language}>
          {list.data?.items.map((entry) => (
            <li key={entry.id} className={`${styles.entry} ${kindClass(entry.kind)}`}>
              <span className={styles.kind}>
                <span className={styles.dot} aria-hidden="true" />
                {kindName(entry.kind)}
                {entry.scope === "series" && t("series")}
              </span>
              <Link href={`/books/${book.id}/bible/${entry.id}`} className={styles.entryName}>
                {entry.name}
              </Link>
              {entry.aliases.length > 0 && <p className={styles.small}>{t("also", { names: entry.aliases.join(", ") })}</p>}
              {entry.description && <p className={styles.description}>{entry.description}</p>}
              {entry.status.note && <p className={styles.small}>{entry.status.note}</p>}
              {entry.tags.length > 0 && (
                <ul className={styles.tags} aria-label={t("tags")}>
                  {entry.tags.map((tag) => (
                    <li key={tag}>{tag}</li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pages={pages} onPage={setPage} />
    </>
  );
}
