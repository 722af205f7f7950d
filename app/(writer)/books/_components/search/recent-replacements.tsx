"use client";

import { useState } from "react";
import { formatDateTime, formatRelative } from "@/app/_components/format";
import { trpc } from "@/app/_trpc/client";
import { changedChapters, chapterNames, plural, searchProblemMessage } from "./search-problem";
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
  const [outcome, setOutcome] = useState<UndoOutcome | null>(null);
  function run(changeSetId: string) {
    setOutcome(null);
    undo.mutate(
      { bookId, changeSetId },
      {
        onSuccess: (undone) => {
          setOutcome({ changeSetId, refused: false, message: `Replacement undone: ${plural(undone.chapters.length, "chapter")} back as before.` });
          void utils.search.invalidate();
          onChanged?.(undone.chapters.map((chapter) => chapter.chapterId));
        },
        onError: (error) => {
          const changed = changedChapters(error, titles);
          const message = changed
            ? `Not undone: ${changed.length > 0 ? chapterNames(changed) : "a chapter"} changed after the replacement, and undoing now would lose that work. Nothing was changed; each chapter’s History keeps every version.`
            : (searchProblemMessage(error) ?? "The replacement could not be undone.");
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
  const items = changeSets.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section className={styles.recent} aria-label="Recent replacements">
      <details>
        <summary>Recent replacements ({items.length})</summary>
        <ul className={styles.recentList}>
          {items.map((set) => (
            <li key={set.changeSetId}>
              <span lang={language}>
                “{set.query}” → “{set.replacement}”
              </span>
              <span className="muted">
                {plural(set.replaced, "match", "matches")} in {plural(set.chapterCount, "chapter")} ·{" "}
                <time dateTime={set.createdAt} title={formatDateTime(set.createdAt)}>
                  {formatRelative(set.createdAt)}
                </time>
              </span>
              {set.undoneAt ? (
                <span className="muted">
                  Undone <time dateTime={set.undoneAt}>{formatRelative(set.undoneAt)}</time>
                </span>
              ) : (
                <button type="button" className="button secondary small" disabled={undo.pending} onClick={() => undo.run(set.changeSetId)}>
                  Undo<span className="visually-hidden"> replacing “{set.query}” with “{set.replacement}”</span>
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
