"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { FormAlert } from "@/app/_components/form-alert";
import { formatNumber } from "@/app/_components/format";
import { describeProblem } from "@/app/_components/problem";
import { trpc } from "@/app/_trpc/client";
import styles from "./bible.module.css";
import { kindClass } from "./bible-nav";
import { EntryForm, type ChapterOption } from "./entry-form";
import { Pager } from "./pager";
import { ProposedEntries } from "./proposed-entries";

const PER_PAGE = 60;

/**
 * The bible's entries as cards, filtered by kind (the kinds the bible holds, the writer's own
 * included), with a new entry's form above them.
 */
export function BibleList({ book, chapters }: { book: { id: string; language: string }; chapters: readonly ChapterOption[] }) {
  const router = useRouter();
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
          New entry
        </button>
        <span className="muted">{names.data && `${formatNumber(names.data.length)} ${names.data.length === 1 ? "entry" : "entries"}`}</span>
      </div>
      {adding && (
        <section className={styles.panel} aria-labelledby="new-entry-heading">
          <h2 id="new-entry-heading">New entry</h2>
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
        <ul className={styles.filters} aria-label="Show one kind">
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
                {value ?? "All"}
              </button>
            </li>
          ))}
        </ul>
      )}
      {list.data && list.data.total === 0 && !kind ? (
        <div className="empty">
          <p className="empty-title">No entries yet</p>
          <p className="muted">Add the people, places, things and lore of the book. Their names are then marked in the editor and counted in every chapter.</p>
        </div>
      ) : (
        <ul className={styles.entries} lang={book.language}>
          {list.data?.items.map((entry) => (
            <li key={entry.id} className={`${styles.entry} ${kindClass(entry.kind)}`}>
              <span className={styles.kind}>
                <span className={styles.dot} aria-hidden="true" />
                {entry.kind}
                {entry.scope === "series" && " · series"}
              </span>
              <Link href={`/books/${book.id}/bible/${entry.id}`} className={styles.entryName}>
                {entry.name}
              </Link>
              {entry.aliases.length > 0 && <p className={styles.small}>Also {entry.aliases.join(", ")}</p>}
              {entry.description && <p className={styles.description}>{entry.description}</p>}
              {entry.status.note && <p className={styles.small}>{entry.status.note}</p>}
              {entry.tags.length > 0 && (
                <ul className={styles.tags} aria-label="Tags">
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
