"use client";

import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslations } from "use-intl";
import { threadIn } from "@/server/comments/anchor";
import { CommentsPanel, useChapterThreads, type CommentTarget } from "./comments-panel";
import { SuggestionsPanel, useChapterSuggestions, type SuggestTarget } from "./suggestions-panel";
import styles from "./editor.module.css";

interface ReadingCommentsProps {
  bookId: string;
  chapterId: string;
  language: string;
  /** the chapter's text as this reader sees it: one text node, its lines kept by CSS */
  text: string;
  me: string;
  /** the reader may suggest edits (an editor): Suggest mode, and the suggestions beside the text */
  suggesting: boolean;
}

/**
 * The reading view of someone who comments but does not write (an editor): the text, its
 * commented words highlighted (the CSS Custom Highlight API marks ranges of the one text node,
 * adding no element), and the comments beside it. Selecting words and choosing Comment sends
 * them with their place here; the server places them in the chapter's own text by their quote.
 */
export function ReadingComments({ bookId, chapterId, language, text, me, suggesting }: ReadingCommentsProps) {
  const t = useTranslations("editor");
  const body = useRef<HTMLDivElement>(null);
  const [target, setTarget] = useState<CommentTarget | null>(null);
  const [active, setActive] = useState<string | null>(null);
  const [hint, setHint] = useState<string>();
  const threads = useChapterThreads(bookId, chapterId);
  const [suggestTarget, setSuggestTarget] = useState<SuggestTarget | null>(null);
  const suggestions = useChapterSuggestions(bookId, chapterId);
  // Suggested words, struck through in the text; the panel shows them as a difference.
  const suggested = useMemo(
    () =>
      suggesting
        ? (suggestions.data?.items ?? []).flatMap((suggestion) => {
            const place = threadIn(text, suggestion);
            return place ? [place] : [];
          })
        : [],
    [suggestions.data, text, suggesting],
  );
  const places = useMemo(
    () =>
      (threads.data?.items ?? []).flatMap((thread) => {
        const place = thread.resolved ? null : threadIn(text, thread);
        return place ? [{ thread, ...place }] : [];
      }),
    [threads.data, text],
  );

  const rangeOf = (start: number, end: number) => {
    const node = body.current?.firstChild;
    if (!node) return null;
    const range = document.createRange();
    range.setStart(node, start);
    range.setEnd(node, end);
    return range;
  };

  useEffect(() => {
    if (typeof CSS === "undefined" || !("highlights" in CSS)) return;
    const ranges = places.flatMap(({ start, end }) => rangeOf(start, end) ?? []);
    CSS.highlights.set("comment", new Highlight(...ranges));
    const current = places.find((p) => p.thread.id === active);
    const activeRange = current && rangeOf(current.start, current.end);
    if (activeRange) CSS.highlights.set("comment-active", new Highlight(activeRange));
    else CSS.highlights.delete("comment-active");
    CSS.highlights.set("suggestion", new Highlight(...suggested.flatMap(({ start, end }) => rangeOf(start, end) ?? [])));
    return () => {
      CSS.highlights.delete("comment");
      CSS.highlights.delete("comment-active");
      CSS.highlights.delete("suggestion");
    };
  }, [places, active, suggested]);

  /** The selected words of the text, with their place; null (and a hint) when none are. */
  const selected = (what: "selectFirstToComment" | "selectFirstToSuggest") => {
    const selection = window.getSelection();
    const node = body.current?.firstChild;
    if (!selection || selection.rangeCount === 0 || !node) return null;
    const range = selection.getRangeAt(0);
    const quote = range.toString();
    if (quote.trim() === "" || range.startContainer !== node || range.endContainer !== node) {
      setHint(t(`readingComments.${what}`));
      return null;
    }
    setHint(undefined);
    return { start: range.startOffset, end: range.endOffset, quote };
  };
  const comment = () => {
    const words = selected("selectFirstToComment");
    if (words) setTarget(words);
  };
  const suggest = () => {
    const words = selected("selectFirstToSuggest");
    if (words) setSuggestTarget(words);
  };

  // A click on highlighted words opens their thread.
  const openAt = (x: number, y: number) => {
    const caret = document.caretPositionFromPoint?.(x, y);
    if (!caret || caret.offsetNode !== body.current?.firstChild) return;
    const hit = places.find(({ start, end }) => caret.offset >= start && caret.offset < end);
    if (hit) setActive(hit.thread.id);
  };

  return (
    <div className={styles.readingWithComments}>
      <div>
        <p className="button-row">
          <button type="button" className="button secondary small" onMouseDown={(event) => event.preventDefault()} onClick={comment}>
            {t("readingComments.commentOnSelection")}
          </button>
          {suggesting && (
            <button type="button" className="button secondary small" onMouseDown={(event) => event.preventDefault()} onClick={suggest}>
              {t("readingComments.suggest")}
            </button>
          )}
          {hint && <span role="status">{hint}</span>}
        </p>
        <div ref={body} className={styles.reading} lang={language} data-reading="" onClick={(event) => openAt(event.clientX, event.clientY)}>
          {text}
        </div>
      </div>
      <div className={styles.sidePanels}>
      {suggesting && (
        <SuggestionsPanel
          bookId={bookId}
          chapterId={chapterId}
          language={language}
          mayReview={false}
          target={suggestTarget}
          onTargetDone={() => setSuggestTarget(null)}
          decide={async () => t("suggestions.onlyReviewers")}
          onSelect={(suggestion) => {
            const place = threadIn(text, suggestion);
            const range = place && rangeOf(place.start, place.end);
            if (!range) return;
            window.getSelection()?.removeAllRanges();
            window.getSelection()?.addRange(range);
          }}
        />
      )}
      <CommentsPanel
        bookId={bookId}
        chapterId={chapterId}
        language={language}
        me={me}
        owner={false}
        target={target}
        onTargetDone={() => setTarget(null)}
        active={active}
        onSelect={(thread) => {
          setActive(thread.id);
          const place = threadIn(text, thread);
          const range = place && rangeOf(place.start, place.end);
          if (!range) return;
          window.getSelection()?.removeAllRanges();
          window.getSelection()?.addRange(range);
          window.scrollTo({ top: window.scrollY + range.getBoundingClientRect().top - window.innerHeight / 3 });
        }}
      />
      </div>
    </div>
  );
}
