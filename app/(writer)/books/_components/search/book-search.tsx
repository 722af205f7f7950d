"use client";

import { keepPreviousData, skipToken } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useId, useMemo, useState, type FormEvent } from "react";
import { useTranslations } from "use-intl";
import { trpc } from "@/app/_trpc/client";
import { HitContext } from "./hit-context";
import { RecentReplacements } from "./recent-replacements";
import { ReplaceReview } from "./replace-review";
import { useSearchWords } from "./search-problem";
import { hitHref, NO_OPTIONS, type BookHit, type SearchOptions } from "./search-types";
import styles from "./search.module.css";

const PER_PAGE = 50;

/** The search's options, each named by `books.search.<name>` (and hinted by `<name>Hint`). */
const OPTIONS = [
  { name: "matchCase" },
  { name: "wholeWord" },
  { name: "regex" },
  { name: "widthInsensitive", hint: "widthInsensitiveHint" },
  { name: "matchChineseScript", hint: "matchChineseScriptHint" },
] as const satisfies readonly { name: Exclude<keyof SearchOptions, "query">; hint?: string }[];

interface ChapterGroup {
  chapterId: string;
  title: string;
  hitCount: number;
  hits: BookHit[];
}

/** The page's hits under their chapters, in book order (a chapter may run on to the next page). */
function groupByChapter(items: BookHit[], counts: ReadonlyMap<string, number>): ChapterGroup[] {
  const groups: ChapterGroup[] = [];
  for (const hit of items) {
    const last = groups.at(-1);
    if (last?.chapterId === hit.chapterId) last.hits.push(hit);
    else groups.push({ chapterId: hit.chapterId, title: hit.chapterTitle, hitCount: counts.get(hit.chapterId) ?? 1, hits: [hit] });
  }
  return groups;
}

export interface BookSearchProps {
  bookId: string;
  /** the book's language, for the shaping of titles and sentences */
  language: string;
  chapters: readonly { id: string; title: string }[];
  /** before a replace preview: the editor sends its unsaved words, so the preview sees them */
  beforePreview?: () => Promise<void>;
  /** a replace or an undo wrote new versions of these chapters */
  onChanged?: (chapterIds: string[]) => void;
}

/**
 * Search the whole book (every chapter's text and title), the hits by chapter in the sentence
 * around each, each a link that opens the editor with the hit selected; then replace, reviewed.
 */
export function BookSearch({ bookId, language, chapters, beforePreview, onChanged }: BookSearchProps) {
  const id = useId();
  const t = useTranslations("books.search");
  const { problemMessage } = useSearchWords();
  const router = useRouter();
  const [draft, setDraft] = useState<SearchOptions>(NO_OPTIONS);
  const [asked, setAsked] = useState<{ options: SearchOptions; page: number } | null>(null);
  const [emptyQuery, setEmptyQuery] = useState(false);
  const [replacing, setReplacing] = useState(false);
  const titles = useMemo(() => new Map(chapters.map((chapter) => [chapter.id, chapter.title])), [chapters]);
  const results = trpc.search.book.useQuery(asked ? { bookId, ...asked.options, page: asked.page, perPage: PER_PAGE } : skipToken, {
    staleTime: 0,
    retry: false,
    placeholderData: keepPreviousData,
  });

  // New versions were written: the page's server-rendered counts and lists are read again.
  const changed = (chapterIds: string[]) => {
    onChanged?.(chapterIds);
    router.refresh();
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setEmptyQuery(draft.query === "");
    if (draft.query !== "") setAsked({ options: draft, page: 1 });
  }
  function toggle(name: Exclude<keyof SearchOptions, "query">, on: boolean) {
    const next = { ...draft, [name]: on };
    setDraft(next);
    // An option changed under a search already shown applies at once, as in any editor's find.
    if (asked && next.query !== "") setAsked({ options: next, page: 1 });
  }

  const data = asked ? results.data : undefined;
  const problem = asked && results.error ? problemMessage(results.error, asked.options.query) : null;
  const counts = useMemo(() => new Map(data?.chapters.map((chapter) => [chapter.chapterId, chapter.hitCount]) ?? []), [data]);
  const groups = data ? groupByChapter(data.items, counts) : [];
  const pages = data ? Math.max(1, Math.ceil(data.total / data.perPage)) : 1;
  const page = (to: number) => asked && setAsked({ ...asked, page: to });

  let status = "";
  if (asked && results.isFetching && !data) status = t("searching");
  else if (data && !problem) {
    status =
      data.total === 0
        ? t("noMatches", { query: asked?.options.query ?? "" })
        : t("matchesInChapters", { matches: t("matches", { count: data.total }), chapters: t("chapters", { count: data.chapters.length }) });
  }

  return (
    <div className={styles.panel}>
      <form role="search" aria-label={t("searchBook")} className={styles.form} onSubmit={submit} noValidate>
        <div className={styles.queryRow}>
          <label htmlFor={`${id}-query`} className="visually-hidden">
            {t("searchBook")}
          </label>
          <input
            id={`${id}-query`}
            type="search"
            value={draft.query}
            lang={language}
            placeholder={t("searchBookPlaceholder")}
            autoComplete="off"
            spellCheck={false}
            enterKeyHint="search"
            maxLength={1000}
            aria-invalid={emptyQuery || problem !== null || undefined}
            aria-describedby={emptyQuery || problem ? `${id}-problem` : undefined}
            onChange={(event) => setDraft({ ...draft, query: event.target.value })}
          />
          <button type="submit" className="button">
            {t("search")}
          </button>
        </div>
        <fieldset className={styles.options}>
          <legend className="visually-hidden">{t("options")}</legend>
          {OPTIONS.map((option) => (
            <label key={option.name} className="checkbox" title={"hint" in option ? t(option.hint) : undefined}>
              <input type="checkbox" checked={draft[option.name]} onChange={(event) => toggle(option.name, event.target.checked)} />
              <span>{t(option.name)}</span>
            </label>
          ))}
        </fieldset>
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
          <ol className={styles.groups} aria-label={t("byChapter")} aria-busy={results.isFetching || undefined}>
            {groups.map((group) => (
              <li key={`${group.chapterId}-${group.hits[0]!.start}`}>
                <h3 className={styles.groupTitle}>
                  <span lang={language}>{group.title}</span> <span className="muted">· {t("matches", { count: group.hitCount })}</span>
                </h3>
                <ol className={styles.hits}>
                  {group.hits.map((hit) => (
                    <li key={`${hit.field}:${hit.start}`}>
                      <Link href={hitHref(bookId, hit)} className={styles.hit}>
                        {hit.field === "title" && <span className={styles.where}>{t("inTitle")}</span>}
                        <HitContext before={hit.before} match={hit.match} after={hit.after} lang={language} />
                      </Link>
                    </li>
                  ))}
                </ol>
              </li>
            ))}
          </ol>
          {pages > 1 && (
            <nav aria-label={t("pagesOfMatches")} className={styles.pages}>
              <button type="button" className="button ghost small" disabled={data.page <= 1} onClick={() => page(data.page - 1)}>
                {t("previous")}
              </button>
              <span className="muted">{t("pageOf", { page: data.page, last: pages })}</span>
              <button type="button" className="button ghost small" disabled={data.page >= pages} onClick={() => page(data.page + 1)}>
                {t("next")}
              </button>
            </nav>
          )}
        </>
      )}
      {/* Stays once open, so what was replaced (and its Undo) outlives the hits it replaced. */}
      {asked && (replacing || (data && data.total > 0 && !problem)) && (
        <div className={styles.replaceToggle}>
          <button type="button" className="button secondary small" aria-expanded={replacing} onClick={() => setReplacing((open) => !open)}>
            {replacing ? t("closeReplace") : t("openReplace")}
          </button>
        </div>
      )}
      {replacing && asked && (
        <ReplaceReview
          key={JSON.stringify(asked.options)}
          bookId={bookId}
          options={asked.options}
          language={language}
          titles={titles}
          beforePreview={beforePreview}
          onChanged={changed}
        />
      )}
      <RecentReplacements bookId={bookId} language={language} titles={titles} onChanged={changed} />
    </div>
  );
}
