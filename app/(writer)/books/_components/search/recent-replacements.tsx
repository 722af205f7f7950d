"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { trpc } from "@/app/_trpc/client";
import { useDates } from "@/app/_i18n/use-dates";
import { useSearchWords } from "./search-problem";
import styles from "./search.module.css";

export interface UndoOutcome {
  changeSetId: string;
  message: string;
  refused: boolean;
}

/**
 * Takes a whole replacement back. Refused when a chapter changed after it (the server names
 * them): undoing then would lose that later work, so nothing is changed and the writer hears which.
 */
export function useUndoReplacement(bookId: string, titles: ReadonlyMap<string, string>, onChanged?: (chapterIds: string[]) => void) {
  const utils = trpc.useUtils();
  const undo = trpc.search.undoChangeSet.useMutation();
  const t = useTranslations("books.search");
  const { problemMessage, changedChapters, chapterNames } = useSearchWords();
  const [outcome, setOutcome] = useState<UndoOutcome | null>(null);
  function run(changeSetId: string) {
    setOutcome(null);
    undo.mutate(
      { bookId, changeSetId },
      {
        onSuccess: (undone) => {
          setOutcome({ changeSetId, refused: false, message: t("undone", { chapters: t("chapters", { count: undone.chapters.length }) }) });
          void utils.search.invalidate();
          onChanged?.(undone.chapters.map((chapter) => chapter.chapterId));
        },
        onError: (error) => {
          const changed = changedChapters(error, titles);
          const message = changed ? t("notUndone", { chapters: chapterNames(changed) }) : (problemMessage(error) ?? t("undoFailed"));
          setOutcome({ changeSetId, refused: true, message });
        },
      },
    );
  }
  return { run, pending: undo.isPending, outcome };
}

/** The book's replacements, newest first, each with Undo until it is undone. */
export function RecentReplacements({
  bookId,
  language,
  titles,
  onChanged,
}: {
  bookId: string;
  language: string;
  titles: ReadonlyMap<string, string>;
  onChanged?: (chapterIds: string[]) => void;
}) {
  const changeSets = trpc.search.changeSets.useQuery({ bookId }, { retry: false });
  const undo = useUndoReplacement(bookId, titles, onChanged);
  const t = useTranslations("books.search");
  const dates = useDates();
  const items = changeSets.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section className={styles.recent} aria-label={t("recent")}>
      <details>
        <summary>{t("recentSummary", { count: items.length })}</summary>
        <ul className={styles.recentList}>
          {items.map((set) => (
            <li key={set.changeSetId}>
              <span lang={language}>
                “{set.query}” → “{set.replacement}”
              </span>
              <span className="muted">
                {t("recentCounts", { matches: t("matches", { count: set.replaced }), chapters: t("chapters", { count: set.chapterCount }) })}
                <time dateTime={set.createdAt} title={dates.dateTime(set.createdAt)}>
                  {dates.relative(set.createdAt)}
                </time>
              </span>
              {set.undoneAt ? (
                <span className="muted">
                  {t.rich("undoneAt", { when: dates.relative(set.undoneAt), time: (chunks) => <time dateTime={set.undoneAt!}>{chunks}</time> })}
                </span>
              ) : (
                <button type="button" className="button secondary small" disabled={undo.pending} onClick={() => undo.run(set.changeSetId)}>
                  {t("undo")}
                  <span className="visually-hidden">{t("undoReplacing", { query: set.query, replacement: set.replacement })}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      </details>
      <UndoMessage outcome={undo.outcome} />
    </section>
  );
}

export function UndoMessage({ outcome }: { outcome: UndoOutcome | null }) {
  return (
    <div role="status" aria-live="polite">
      {outcome && <p className={outcome.refused ? "form-alert" : styles.done}>{outcome.message}</p>}
    </div>
  );
}
