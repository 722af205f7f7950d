"use client";

import { useEffect, useState, type FormEvent } from "react";
import { FormAlert } from "@/app/_components/form-alert";
import { useTranslations } from "use-intl";
import { useProblems } from "@/app/_components/use-problems";
import { trpc } from "@/app/_trpc/client";
import type { SuggestionDto } from "@/server/suggestions/schemas";
import styles from "./editor.module.css";
import { useDates } from "@/app/_i18n/use-dates";

/** The words a new suggestion replaces: offsets into the stored text, as the server counts them. */
export interface SuggestTarget {
  start: number;
  end: number;
  quote: string;
}

/** The chapter's open suggestions (a chapter with more than a hundred shows its oldest hundred). */
export function useChapterSuggestions(bookId: string, chapterId: string) {
  return trpc.suggestions.list.useQuery({ bookId, chapterId, state: "open", perPage: 100, sortBy: "createdAt", order: "asc" }, { staleTime: 10_000, refetchOnWindowFocus: true });
}

interface SuggestionsPanelProps {
  bookId: string;
  chapterId: string;
  language: string;
  /** the owner and co-authors accept and reject */
  mayReview: boolean;
  /** the words chosen for a new suggestion, while its replacement is being written */
  target: SuggestTarget | null;
  onTargetDone(): void;
  /**
   * Runs a decision that changes the text on the server: the editor saves what waits first and
   * takes the new version afterwards. Answers null when it was done, a sentence when it could not,
   * and "" when the server refused it (the panel shows the mutation's error).
   */
  decide(run: () => Promise<unknown>): Promise<string | null>;
  /** shows a suggestion's words in the text */
  onSelect(suggestion: SuggestionDto): void;
}

/**
 * The chapter's suggested edits beside its text, each as a difference (struck through, then
 * underlined), with Accept and Reject for those who may, and Accept all / Reject all. Everything
 * is written by React as text, so nothing in a suggestion runs as markup.
 */
export function SuggestionsPanel({ bookId, chapterId, language, mayReview, target, onTargetDone, decide, onSelect }: SuggestionsPanelProps) {
  const t = useTranslations("editor.suggestions");
  const dates = useDates();
  const { describeProblem } = useProblems();
  const suggestions = useChapterSuggestions(bookId, chapterId);
  const utils = trpc.useUtils();
  const refresh = () => utils.suggestions.list.invalidate({ bookId, chapterId });
  const one = trpc.suggestions.decide.useMutation();
  const all = trpc.suggestions.decideChapter.useMutation();
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const items = [...(suggestions.data?.items ?? [])].sort((a, b) => (a.start ?? Number.MAX_SAFE_INTEGER) - (b.start ?? Number.MAX_SAFE_INTEGER) || a.createdAt.localeCompare(b.createdAt));

  const run = async (what: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setNotice(null);
    try {
      const problem = await decide(what);
      // "" : refused, and the mutation's own error says why.
      setNotice(problem === null ? done : problem || null);
    } finally {
      setBusy(false);
      void refresh();
    }
  };
  const decideOne = (suggestion: SuggestionDto, state: "accepted" | "rejected") =>
    run(() => one.mutateAsync({ bookId, suggestionId: suggestion.id, state }), state === "accepted" ? t("accepted") : t("rejected"));
  const decideAll = (state: "accepted" | "rejected") =>
    run(async () => {
      const result = await all.mutateAsync({ bookId, chapterId, state });
      if (result.left.length > 0) setTimeout(() => setNotice(t("partlyAccepted", { decided: result.decided.length, left: result.left.length })));
    }, state === "accepted" ? t("allAccepted") : t("allRejected"));

  return (
    <section id="suggestions-panel" aria-labelledby="suggestions-heading" className={styles.commentsPanel}>
      <div className={styles.commentsHead}>
        <h2 id="suggestions-heading">{t("heading")}</h2>
        {mayReview && items.length > 0 && (
          <span className="button-row">
            <button type="button" className="button small" disabled={busy} onClick={() => void decideAll("accepted")}>
              {t("acceptAll")}
            </button>
            <button type="button" className="button ghost small" disabled={busy} onClick={() => void decideAll("rejected")}>
              {t("rejectAll")}
            </button>
          </span>
        )}
      </div>
      {target && (
        // A new form for each choice of words: the replacement starts as the words themselves.
        <SuggestForm
          key={`${target.start}:${target.end}`}
          ids={{ bookId, chapterId }}
          target={target}
          language={language}
          onDone={(created) => {
            void refresh();
            onTargetDone();
            if (created) onSelect(created);
          }}
        />
      )}
      {notice && <p role="status">{notice}</p>}
      <FormAlert message={describeProblem(suggestions.error ?? one.error ?? all.error, { withDetail: "all" })?.message} />
      {suggestions.isSuccess && items.length === 0 && !target && <p className="muted">{t("empty")}</p>}
      <ol className={styles.threads}>
        {items.map((suggestion) => (
          <li key={suggestion.id}>
            <article className={styles.thread} aria-label={t("label", { quote: suggestion.quote.slice(0, 60) })}>
              <button type="button" className={styles.threadQuote} disabled={suggestion.stale} onClick={() => onSelect(suggestion)} title={t("showInText")}>
                <Difference before={suggestion.quote} after={suggestion.replacement} language={language} />
              </button>
              {suggestion.stale && <p className="muted">{t("stale")}</p>}
              <p className={styles.commentMeta}>
                <strong>{suggestion.author?.name ?? t("formerMember")}</strong> <time dateTime={suggestion.createdAt}>{dates.dateTime(suggestion.createdAt)}</time>
              </p>
              {mayReview && (
                <div className="button-row">
                  <button type="button" className="button small" disabled={busy || suggestion.stale} onClick={() => void decideOne(suggestion, "accepted")}>
                    {t("accept")}
                  </button>
                  <button type="button" className="button ghost small" disabled={busy} onClick={() => void decideOne(suggestion, "rejected")}>
                    {t("reject")}
                  </button>
                </div>
              )}
            </article>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The words chosen and their replacement, typed as the words edited: what the editor proposes. */
function SuggestForm({ ids, target, language, onDone }: { ids: { bookId: string; chapterId: string }; target: SuggestTarget; language: string; onDone(created: SuggestionDto | null): void }) {
  const t = useTranslations("editor.suggestions");
  const { describeProblem } = useProblems();
  const create = trpc.suggestions.create.useMutation();
  const [replacement, setReplacement] = useState(target.quote);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const created = await create.mutateAsync({ ...ids, ...target, replacement }).catch(() => null);
    if (created) onDone(created);
  };
  return (
    <form className={styles.commentForm} onSubmit={(event) => void submit(event)}>
      <blockquote lang={language}>{target.quote}</blockquote>
      <label htmlFor="new-suggestion">{t("replaceWith")}</label>
      <textarea id="new-suggestion" value={replacement} onChange={(event) => setReplacement(event.target.value)} rows={3} autoFocus maxLength={10_000} />
      <FormAlert message={describeProblem(create.error, { withDetail: "all" })?.message} />
      <div className="button-row">
        <button type="submit" className="button small" disabled={create.isPending || replacement === target.quote}>
          {t("suggest")}
        </button>
        <button type="button" className="button ghost small" onClick={() => onDone(null)}>
          {t("cancel")}
        </button>
      </div>
    </form>
  );
}

type Part = { kind: "same" | "added" | "removed"; text: string };

/**
 * The words as a difference: what is taken out struck through, what is put in underlined. Word by
 * word (jsdiff, loaded when first shown); until then, the whole quote struck and the whole
 * replacement underlined.
 */
function Difference({ before, after, language }: { before: string; after: string; language: string }) {
  const [parts, setParts] = useState<Part[] | null>(null);
  useEffect(() => {
    let live = true;
    void import("diff").then(({ diffWordsWithSpace }) => {
      const words = diffWordsWithSpace(before, after, { timeout: 500 });
      if (live && words) setParts(words.map((w) => ({ kind: w.added ? "added" : w.removed ? "removed" : "same", text: w.value })));
    });
    return () => {
      live = false;
    };
  }, [before, after]);
  const shown = parts ?? [
    { kind: "removed", text: before },
    { kind: "added", text: after },
  ];
  return (
    <span lang={language} className={styles.suggestionDiff}>
      {shown.map((part, i) =>
        part.kind === "removed" ? <del key={i}>{part.text}</del> : part.kind === "added" ? <ins key={i}>{part.text}</ins> : <span key={i}>{part.text}</span>,
      )}
    </span>
  );
}
