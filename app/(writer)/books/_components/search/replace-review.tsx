"use client";

import { useId, useState, type FormEvent } from "react";
import { useTranslations } from "use-intl";
import { trpc } from "@/app/_trpc/client";
import { HitContext } from "./hit-context";
import { UndoMessage, useUndoReplacement } from "./recent-replacements";
import { useSearchWords } from "./search-problem";
import type { AppliedReplace, PreviewChapter, ReplacePreview, SearchOptions } from "./search-types";
import styles from "./search.module.css";

interface Previewed {
  input: SearchOptions & { bookId: string; replacement: string; preserveCase: boolean };
  data: ReplacePreview;
}

const hitKey = (chapter: PreviewChapter, hitId: string) => `${chapter.chapterId}\u0000${hitId}`;

/**
 * Replace across the book, reviewed: every hit in its sentence with what replaces it, each kept
 * or skipped (or a chapter's, or all at once), then one change set the writer can undo whole. A
 * chapter edited after the preview refuses the whole change: nothing is written, and the writer
 * is offered a fresh preview.
 */
export function ReplaceReview({
  bookId,
  options,
  language,
  titles,
  beforePreview,
  onChanged,
}: {
  bookId: string;
  /** the search whose hits are replaced */
  options: SearchOptions;
  language: string;
  titles: ReadonlyMap<string, string>;
  beforePreview?: () => Promise<void>;
  onChanged?: (chapterIds: string[]) => void;
}) {
  const id = useId();
  const t = useTranslations("books.search");
  const { problemMessage, changedChapters, chapterNames } = useSearchWords();
  const matches = (count: number) => t("matches", { count });
  const utils = trpc.useUtils();
  const [replacement, setReplacement] = useState("");
  const [preserveCase, setPreserveCase] = useState(false);
  const [previewed, setPreviewed] = useState<Previewed | null>(null);
  const [skipped, setSkipped] = useState<ReadonlySet<string>>(new Set());
  const [previewing, setPreviewing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string[] | null>(null);
  const [applied, setApplied] = useState<AppliedReplace | null>(null);
  const apply = trpc.search.applyReplace.useMutation();
  const undo = useUndoReplacement(bookId, titles, onChanged);

  async function preview(event?: FormEvent<HTMLFormElement>) {
    event?.preventDefault();
    setProblem(null);
    setConflict(null);
    setApplied(null);
    setPreviewing(true);
    try {
      // The editor's unsent words first: the preview must see the text as it stands.
      await beforePreview?.();
      const input = { bookId, ...options, replacement, preserveCase };
      const data = await utils.search.previewReplace.fetch(input, { staleTime: 0 });
      setPreviewed({ input, data });
      setSkipped(new Set());
    } catch (error) {
      setPreviewed(null);
      setProblem(problemMessage(error));
    } finally {
      setPreviewing(false);
    }
  }

  const chapters = previewed?.data.chapters ?? [];
  const total = chapters.reduce((sum, chapter) => sum + chapter.hits.length, 0);
  const accepted = total - skipped.size;
  const touched = chapters.filter((chapter) => chapter.hits.some((hit) => !skipped.has(hitKey(chapter, hit.hitId)))).length;

  const mark = (keys: string[], skip: boolean) =>
    setSkipped((current) => {
      const next = new Set(current);
      for (const key of keys) {
        if (skip) next.add(key);
        else next.delete(key);
      }
      return next;
    });
  const keysOf = (chapter: PreviewChapter) => chapter.hits.map((hit) => hitKey(chapter, hit.hitId));

  function applyNow() {
    if (!previewed) return;
    setProblem(null);
    setConflict(null);
    const choices = previewed.data.chapters.flatMap((chapter) => {
      const skip = chapter.hits.filter((hit) => skipped.has(hitKey(chapter, hit.hitId))).map((hit) => hit.hitId);
      return skip.length === chapter.hits.length ? [] : [{ chapterId: chapter.chapterId, version: chapter.version, skip }];
    });
    apply.mutate(
      { ...previewed.input, chapters: choices },
      {
        onSuccess: (result) => {
          setApplied(result);
          setPreviewed(null);
          void utils.search.invalidate();
          onChanged?.(result.chapters.map((chapter) => chapter.chapterId));
        },
        onError: (error) => {
          const previewTitles = new Map([...titles, ...previewed.data.chapters.map((c) => [c.chapterId, c.title] as const)]);
          const changed = changedChapters(error, previewTitles);
          if (!changed) return setProblem(problemMessage(error));
          // The preview no longer shows what would be written: it goes, and the refusal takes its place in view.
          setPreviewed(null);
          setConflict(changed);
        },
      },
    );
  }

  return (
    <div className={styles.replace}>
      <form className={styles.replaceForm} onSubmit={preview} noValidate>
        <div className="field">
          <label htmlFor={`${id}-replacement`}>{t("replaceWith")}</label>
          <input
            id={`${id}-replacement`}
            value={replacement}
            lang={language}
            autoComplete="off"
            spellCheck={false}
            aria-describedby={options.regex ? `${id}-groups` : undefined}
            onChange={(event) => {
              setReplacement(event.target.value);
              setPreviewed(null);
            }}
          />
          {options.regex && (
            <p id={`${id}-groups`} className="field-hint">
              {t("groupsHint")}
            </p>
          )}
        </div>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={preserveCase}
            onChange={(event) => {
              setPreserveCase(event.target.checked);
              setPreviewed(null);
            }}
          />
          <span>
            {t("preserveCase")} <span className="muted">{t("preserveCaseHint")}</span>
          </span>
        </label>
        <button type="submit" className="button secondary" disabled={previewing} aria-busy={previewing || undefined}>
          {previewing ? t("previewing") : t("previewReplacements")}
        </button>
      </form>

      {problem && (
        <p role="alert" className="form-alert">
          {problem}
        </p>
      )}
      {conflict && (
        <div role="alert" className="form-alert">
          <p>{t("conflict", { chapters: chapterNames(conflict) })}</p>
          {/* Focus (and the screen) goes to the way on, not back to the top of the page. */}
          <button type="button" className="button secondary small" autoFocus onClick={() => void preview()}>
            {t("previewAgain")}
          </button>
        </div>
      )}
      {applied && (
        <div className={styles.applied}>
          <p role="status">{t("replaced", { matches: matches(applied.replaced), chapters: t("chapters", { count: applied.chapters.length }) })}</p>
          <button type="button" className="button secondary small" disabled={undo.pending || undo.outcome?.changeSetId === applied.changeSetId} onClick={() => undo.run(applied.changeSetId)}>
            {t("undoReplacement")}
          </button>
          <UndoMessage outcome={undo.outcome} />
        </div>
      )}

      {previewed && (
        <section aria-labelledby={`${id}-review`} className={styles.review}>
          <div className={styles.reviewHead}>
            <h3 id={`${id}-review`}>{t("review")}</h3>
            <p role="status" className="muted">
              {t("reviewCounts", { replacements: t("replacements", { count: accepted }), matches: matches(total), chapters: t("chapters", { count: touched }) })}
            </p>
            <div className="button-row">
              <button type="button" className="button ghost small" onClick={() => setSkipped(new Set())}>
                {t("acceptAll")}
              </button>
              <button type="button" className="button ghost small" onClick={() => mark(chapters.flatMap(keysOf), true)}>
                {t("skipAll")}
              </button>
            </div>
          </div>
          <ol className={styles.groups}>
            {chapters.map((chapter) => (
              <li key={chapter.chapterId}>
                <fieldset className={styles.reviewChapter}>
                  <legend>
                    <span lang={language}>{chapter.title}</span>{" "}
                    <span className="muted">· {matches(chapter.hits.length)}</span>
                  </legend>
                  <div className="button-row">
                    <button type="button" className="button ghost small" onClick={() => mark(keysOf(chapter), false)}>
                      {t("acceptAll")}
                      <span className="visually-hidden">{t("inChapter", { title: chapter.title })}</span>
                    </button>
                    <button type="button" className="button ghost small" onClick={() => mark(keysOf(chapter), true)}>
                      {t("skipAll")}
                      <span className="visually-hidden">{t("inChapter", { title: chapter.title })}</span>
                    </button>
                  </div>
                  <ol className={styles.hits}>
                    {chapter.hits.map((hit) => {
                      const key = hitKey(chapter, hit.hitId);
                      return (
                        <li key={hit.hitId}>
                          <label className={styles.reviewHit} data-skipped={skipped.has(key) || undefined}>
                            <input type="checkbox" checked={!skipped.has(key)} onChange={(event) => mark([key], !event.target.checked)} />
                            <span>
                              {hit.field === "title" && <span className={styles.where}>{t("inTitle")}</span>}
                              <HitContext before={hit.before} match={hit.match} after={hit.after} replacement={hit.replacement} lang={language} />
                            </span>
                          </label>
                        </li>
                      );
                    })}
                  </ol>
                </fieldset>
              </li>
            ))}
          </ol>
          <div className={styles.applyRow}>
            <button type="button" className="button" disabled={accepted === 0 || apply.isPending} aria-busy={apply.isPending || undefined} onClick={applyNow}>
              {apply.isPending ? t("replacingNow") : t("replaceCount", { matches: matches(accepted) })}
            </button>
            <span className="muted">{t("oneVersion")}</span>
          </div>
        </section>
      )}
    </div>
  );
}
