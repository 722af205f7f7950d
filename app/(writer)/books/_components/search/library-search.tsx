"use client";

import { keepPreviousData, skipToken } from "@tanstack/react-query";
import Link from "next/link";
import { useId, useState, type FormEvent } from "react";
import { useTranslations } from "use-intl";
import { trpc } from "@/app/_trpc/client";
import { HitContext } from "./hit-context";
import { useSearchWords } from "./search-problem";
import { libraryHitHref } from "./search-types";
import styles from "./search.module.css";

const PER_PAGE = 20;

/** One search over every book of the writer's (not the trash), best matches first, each opening the editor. */
export function LibrarySearch() {
  const id = useId();
  const t = useTranslations("books.search");
  const { problemMessage } = useSearchWords();
  const [draft, setDraft] = useState("");
  const [asked, setAsked] = useState<{ query: string; page: number } | null>(null);
  const [emptyQuery, setEmptyQuery] = useState(false);
  const results = trpc.search.library.useQuery(asked ? { ...asked, perPage: PER_PAGE } : skipToken, {
    staleTime: 0,
    retry: false,
    placeholderData: keepPreviousData,
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setEmptyQuery(draft === "");
    setAsked(draft === "" ? null : { query: draft, page: 1 });
  }

  const data = asked ? results.data : undefined;
  const problem = asked && results.error ? problemMessage(results.error) : null;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.perPage)) : 1;
  let status = "";
  if (asked && results.isFetching && !data) status = t("searching");
  else if (data && !problem) status = data.total === 0 ? t("libraryNothing", { query: asked?.query ?? "" }) : t("libraryCount", { count: data.total });

  return (
    <section className={styles.library} aria-label={t("library")}>
      <form role="search" aria-label={t("libraryForm")} className={styles.form} onSubmit={submit} noValidate>
        <div className={styles.queryRow}>
          <label htmlFor={`${id}-query`} className="visually-hidden">
            {t("libraryForm")}
          </label>
          <input
            id={`${id}-query`}
            type="search"
            value={draft}
            placeholder={t("libraryForm")}
            autoComplete="off"
            spellCheck={false}
            enterKeyHint="search"
            maxLength={1000}
            aria-invalid={emptyQuery || problem !== null || undefined}
            aria-describedby={emptyQuery || problem ? `${id}-problem` : undefined}
            onChange={(event) => setDraft(event.target.value)}
          />
          <button type="submit" className="button secondary">
            {t("search")}
          </button>
          {asked && (
            <button
              type="button"
              className="button ghost"
              onClick={() => {
                setAsked(null);
                setDraft("");
              }}
            >
              {t("clear")}
            </button>
          )}
        </div>
        {(emptyQuery || problem) && (
          <p id={`${id}-problem`} role="alert" className="field-error">
            {emptyQuery ? t("typeSomething") : problem}
          </p>
        )}
      </form>
      <p role="status" aria-live="polite" className={styles.count}>
        {status}
      </p>
      {data && data.total > 0 && !problem && (
        <>
          <ol className={styles.libraryResults} aria-label={t("libraryResults")} aria-busy={results.isFetching || undefined}>
            {data.items.map((item) => (
              <li key={`${item.bookId}/${item.chapterId}`}>
                <Link href={libraryHitHref(item)} className={styles.hit}>
                  <span className={styles.libraryWhere}>
                    <strong>{item.chapterTitle}</strong>
                    <span>{t("inBook", { title: item.bookTitle })}</span>
                    <span>· {t("matches", { count: item.hitCount })}</span>
                  </span>
                  <HitContext before={item.before} match={item.match} after={item.after} />
                </Link>
              </li>
            ))}
          </ol>
          {pages > 1 && (
            <nav aria-label={t("pagesOfMatches")} className={styles.pages}>
              <button type="button" className="button ghost small" disabled={data.page <= 1} onClick={() => setAsked({ query: asked!.query, page: data.page - 1 })}>
                {t("previous")}
              </button>
              <span className="muted">{t("pageOf", { page: data.page, last: pages })}</span>
              <button type="button" className="button ghost small" disabled={data.page >= pages} onClick={() => setAsked({ query: asked!.query, page: data.page + 1 })}>
                {t("next")}
              </button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}
