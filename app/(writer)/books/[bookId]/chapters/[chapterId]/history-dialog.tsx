"use client";

import { useEffect, useState } from "react";
import { useTranslations } from "use-intl";
import { trpc } from "@/app/_trpc/client";
import type { ChangeSetDto } from "@/server/search/schemas";
import { getRevision, listRevisions, type ApiProblem, type ChapterIds, type RevisionSummary } from "./chapter-api";
import styles from "./editor.module.css";
import { Modal } from "./modal";
import { TextDiff } from "./text-diff";
import { useCountWords } from "./use-count-words";
import { useDates } from "@/app/_i18n/use-dates";

const PER_PAGE = 50;

type Selected = RevisionSummary & { content: string };


type HistoryWords = ReturnType<typeof useTranslations<"editor.history">>;

/** What a version written by a book-wide replacement, or by its undo, says it is. */
function changeSetLabel(t: HistoryWords, revision: RevisionSummary, changeSets: readonly ChangeSetDto[]): string | null {
  if (!revision.changeSetId) return null;
  const set = changeSets.find((candidate) => candidate.changeSetId === revision.changeSetId);
  if (revision.kind === "undo") return set ? t("undidReplacement", { query: set.query, replacement: set.replacement }) : t("undidSomeReplacement");
  if (!set) return t("replacedSomething");
  return t("replaced", { query: set.query, replacement: set.replacement, count: set.chapterCount });
}

interface HistoryProps {
  ids: ChapterIds;
  /** the book's language: a Chinese or Japanese book counts characters */
  language: string;
  currentVersion: number;
  currentText(): string;
  onClose(): void;
  onRestore(version: number): Promise<ApiProblem | null>;
}

/** The chapter's versions, newest first: each one's text, what changed since, and restore. */
export function HistoryDialog({ open, ...props }: HistoryProps & { open: boolean }) {
  const t = useTranslations("editor.history");
  return (
    <Modal open={open} onClose={props.onClose} title={t("title")} wide>
      {/* Read afresh each time it opens, and after a restore (a new version). */}
      <Versions key={props.currentVersion} {...props} />
    </Modal>
  );
}

function Versions({ ids, language, currentVersion, currentText, onClose, onRestore }: HistoryProps) {
  const t = useTranslations("editor.history");
  const dates = useDates();
  const countWords = useCountWords();
  const [revisions, setRevisions] = useState<RevisionSummary[]>([]);
  const [total, setTotal] = useState(0);
  const [selected, setSelected] = useState<Selected | null>(null);
  const [view, setView] = useState<"changes" | "text">("changes");
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fromChangeSet = revisions.some((revision) => revision.changeSetId);
  // Who wrote each version is said once more than one person has written the chapter.
  const byMoreThanOne = new Set(revisions.map((revision) => revision.authorId).filter(Boolean)).size > 1;
  const changeSets = trpc.search.changeSets.useQuery({ bookId: ids.bookId }, { enabled: fromChangeSet, retry: false });

  const show = (listed: Awaited<ReturnType<typeof listRevisions>>, page: number) => {
    if (!listed.ok) return setProblem(listed.problem.message);
    setProblem(null);
    setRevisions((shown) => (page === 1 ? listed.data : [...shown, ...listed.data]));
    setTotal(listed.total ?? listed.data.length);
  };
  const loadPage = (page: number) => listRevisions(ids, page, PER_PAGE).then((listed) => show(listed, page));

  useEffect(() => {
    listRevisions(ids, 1, PER_PAGE).then((listed) => show(listed, 1));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const select = async (revision: RevisionSummary) => {
    const loaded = await getRevision(ids, revision.version);
    if (!loaded.ok) return setProblem(loaded.problem.message);
    setProblem(null);
    setSelected(loaded.data);
  };

  const restore = async () => {
    if (!selected) return;
    setBusy(true);
    const failed = await onRestore(selected.version);
    setBusy(false);
    if (failed) setProblem(failed.message);
    else onClose();
  };

  return (
    <>
      {problem && (
        <p role="alert" className="form-alert">
          {problem}
        </p>
      )}
      <div className={styles.history}>
        <ol className={styles.versions} aria-label={t("versions")}>
          {revisions.map((revision) => (
            <li key={revision.version}>
              <button
                type="button"
                aria-pressed={selected?.version === revision.version}
                onClick={() => select(revision)}
                className={styles.version}
              >
                <span>
                  {t("version", { version: revision.version })}
                  {revision.version === currentVersion && <span className={styles.tag}> {t("current")}</span>}
                </span>
                {revision.changeSetId && <span className={styles.changeSet}>{changeSetLabel(t, revision, changeSets.data?.items ?? [])}</span>}
                {revision.kind === "suggestion" && (
                  <span className={styles.changeSet}>
                    {revision.suggestedByName ? t("acceptedSuggestionOf", { name: revision.suggestedByName }) : t("acceptedSuggestions")}
                    {revision.authorName ? ` · ${t("by", { name: revision.authorName })}` : ""}
                  </span>
                )}
                {revision.snapshotId && (
                  <span className={styles.changeSet}>{revision.snapshotName ? t("restoredFromSnapshot", { name: revision.snapshotName }) : t("restoredFromDeletedSnapshot")}</span>
                )}
                <span className="muted">
                  {dates.dateTime(revision.createdAt)} · {countWords(revision.wordCount, language)}
                  {byMoreThanOne && ` · ${revision.authorName ? t("by", { name: revision.authorName }) : t("authorUnknown")}`}
                </span>
              </button>
            </li>
          ))}
          {revisions.length < total && (
            <li>
              <button type="button" className="link-button" onClick={() => loadPage(revisions.length / PER_PAGE + 1)}>
                {t("older")}
              </button>
            </li>
          )}
        </ol>
        <div className={styles.preview}>
          {!selected ? (
            <p className="muted">{t("choose")}</p>
          ) : (
            <>
              <div className={styles.previewHead}>
                <div role="group" aria-label={t("show")} className={styles.segmented}>
                  <button type="button" aria-pressed={view === "changes"} onClick={() => setView("changes")}>
                    {t("changesSince")}
                  </button>
                  <button type="button" aria-pressed={view === "text"} onClick={() => setView("text")}>
                    {t("text")}
                  </button>
                </div>
                <button type="button" className="button" disabled={busy || selected.version === currentVersion} onClick={restore}>
                  {t("restore", { version: selected.version })}
                </button>
              </div>
              <p className={styles.previewTitle}>{selected.title}</p>
              {view === "changes" ? (
                <TextDiff before={selected.content} after={currentText()} label={t("changesLabel", { version: selected.version })} />
              ) : (
                <section className={styles.revisionText} tabIndex={0} aria-label={t("textLabel", { version: selected.version })}>
                  {selected.content}
                </section>
              )}
            </>
          )}
        </div>
      </div>
    </>
  );
}
