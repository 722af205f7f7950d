"use client";

import { useCallback, useEffect, useLayoutEffect, useRef, useState, type FormEvent } from "react";
import { FormAlert } from "@/app/_components/form-alert";
import { useTranslations } from "use-intl";
import { useProblems } from "@/app/_components/use-problems";
import { trpc } from "@/app/_trpc/client";
import { REACTIONS, type Reaction, type ReadingDto } from "@/server/readers/schemas";
import styles from "./reading.module.css";

interface Props {
  bookId: string;
  language: string;
  snapshotName: string;
  chapters: ReadingDto["chapters"];
  startChapterId: string;
}

/** Each reaction's name, by its key in the catalog's `readers.reading.reactions`. */
const REACTION_NAMES = { "👍": "like", "❤️": "love", "😂": "funny", "😮": "surprising", "😢": "sad", "❓": "confusing" } as const satisfies Record<Reaction, string>;
/** The gap between two pages (CSS columns), in pixels; the stylesheet's column-gap says the same. */
const PAGE_GAP = 48;

/**
 * The reading view: the chapter laid out in CSS columns one page wide, turned a page at a time by
 * the buttons, the arrow keys or a tap on the page's edge; "[" and "]" go to the previous and next
 * chapter. The first paragraph on the page is the reader's place, sent when they turn a page;
 * reaching the last page finishes the chapter. Tapping a paragraph chooses it for a reaction or a
 * comment, which only the author reads.
 */
export function ReadingView({ bookId, language, snapshotName, chapters, startChapterId }: Props) {
  const t = useTranslations("readers.reading");
  const { describeProblem } = useProblems();
  const reactionName = (reaction: Reaction) => t(`reactions.${REACTION_NAMES[reaction]}`);
  const [chapterId, setChapterId] = useState(startChapterId);
  const [page, setPage] = useState(0);
  const [pages, setPages] = useState(1);
  const [chosen, setChosen] = useState<number | null>(null);
  const pagesRef = useRef<HTMLDivElement>(null);
  const utils = trpc.useUtils();
  const chapter = trpc.reading.chapter.useQuery({ bookId, chapterId });
  const place = trpc.reading.place.useMutation();
  const react = trpc.reading.react.useMutation({ onSuccess: () => utils.reading.chapter.invalidate({ bookId, chapterId }) });
  const comment = trpc.reading.comment.useMutation({ onSuccess: () => utils.reading.chapter.invalidate({ bookId, chapterId }) });
  const data = chapter.data;
  const mine = new Map((data?.reactions ?? []).map((r) => [r.paragraph, r.reaction]));
  const commented = new Set((data?.comments ?? []).map((c) => c.paragraph));

  function sendComment(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (chosen === null) return;
    const form = event.currentTarget;
    const body = String(new FormData(form).get("body") ?? "");
    comment.mutate({ bookId, chapterId, paragraph: chosen, body }, { onSuccess: () => form.reset() });
  }
  const title = chapters.find((c) => c.chapterId === chapterId)?.title ?? data?.title ?? "";

  /** The page's width with its gap: one page further is this many pixels. */
  const stride = () => (pagesRef.current?.clientWidth ?? 0) + PAGE_GAP;

  // Count the pages once the chapter is laid out, and go to the reader's place in it.
  useLayoutEffect(() => {
    const box = pagesRef.current;
    if (!box || !data) return;
    const count = Math.max(1, Math.round((box.scrollWidth + PAGE_GAP) / stride()));
    setPages(count);
    const at = data.place ? box.querySelector<HTMLElement>(`[data-paragraph="${data.place.paragraph}"]`) : null;
    const start = at ? Math.min(count - 1, Math.floor(at.offsetLeft / stride())) : 0;
    setPage(start);
    box.scrollLeft = start * stride();
    // Opening a chapter starts it; a chapter of one page is read once it shows.
    if (!data.place && data.paragraphs.length > 0) place.mutate({ bookId, chapterId: data.chapterId, paragraph: 0, finished: count === 1 });
    // Laid out again only when another chapter arrives, not on each reaction.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data?.chapterId, data?.snapshotId]);

  /** The first paragraph whose words show on a page. */
  const firstParagraphOn = useCallback((target: number): number => {
    const box = pagesRef.current;
    if (!box) return 0;
    const left = target * stride();
    const shown = [...box.querySelectorAll<HTMLElement>("[data-paragraph]")].find((p) => p.offsetLeft + p.offsetWidth > left);
    return Number(shown?.dataset.paragraph ?? 0);
  }, []);

  const goToChapter = useCallback(
    (id: string | null | undefined) => {
      if (!id) return;
      setChosen(null);
      setChapterId(id);
      window.history.replaceState(null, "", `?chapter=${encodeURIComponent(id)}`);
    },
    [],
  );

  const turnTo = useCallback(
    (target: number) => {
      if (!data) return;
      if (target < 0) return goToChapter(data.previousChapterId);
      if (target >= pages) return goToChapter(data.nextChapterId);
      setPage(target);
      pagesRef.current?.scrollTo({ left: target * stride() });
      if (data.paragraphs.length > 0) place.mutate({ bookId, chapterId, paragraph: firstParagraphOn(target), finished: target === pages - 1 });
    },
    [data, pages, bookId, chapterId, place, firstParagraphOn, goToChapter],
  );

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.target instanceof HTMLElement && event.target.closest("input, textarea, select")) return;
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const keys: Record<string, () => void> = {
        ArrowRight: () => turnTo(page + 1),
        PageDown: () => turnTo(page + 1),
        ArrowLeft: () => turnTo(page - 1),
        PageUp: () => turnTo(page - 1),
        "]": () => goToChapter(data?.nextChapterId),
        "[": () => goToChapter(data?.previousChapterId),
      };
      const action = keys[event.key];
      if (!action) return;
      event.preventDefault();
      action();
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [page, turnTo, goToChapter, data?.nextChapterId, data?.previousChapterId]);

  const problem = describeProblem(chapter.error ?? place.error ?? react.error ?? comment.error)?.message;
  return (
    <section className={styles.reader} aria-label={t("label", { name: snapshotName })}>
      <header className={styles.bar}>
        <p className={styles.snapshot}>{snapshotName}</p>
        <label className={styles.chapterPick}>
          <span className="visually-hidden">{t("chapter")}</span>
          <select value={chapterId} onChange={(event) => goToChapter(event.target.value)}>
            {chapters.map((c) => (
              <option key={c.chapterId} value={c.chapterId}>
                {c.position}. {c.title}
                {c.place?.finished ? " ✓" : ""}
              </option>
            ))}
          </select>
        </label>
      </header>
      <FormAlert message={problem} />
      <h1 className={styles.title} lang={language}>
        {title}
      </h1>
      <div ref={pagesRef} className={styles.pages} lang={language} aria-live="polite" data-testid="reading-pages">
        {data?.paragraphs.map((text, index) => {
          const reaction = mine.get(index);
          return (
            <p
              key={index}
              data-paragraph={index}
              className={`${text.startsWith("#") ? styles.heading : styles.paragraph} ${chosen === index ? styles.chosen : ""}`}
              tabIndex={0}
              aria-label={chosen === index ? t("chosen") : undefined}
              onClick={() => setChosen(chosen === index ? null : index)}
              onKeyDown={(event) => event.key === "Enter" && setChosen(chosen === index ? null : index)}
            >
              {text.startsWith("#") ? text.replace(/^#{1,6} ?/, "") : text}
              {reaction && (
                <span className={styles.myReaction} aria-label={t("yourReaction", { reaction: reactionName(reaction) })}>
                  {" "}
                  {reaction}
                </span>
              )}
              {commented.has(index) && (
                <span className={styles.myReaction} aria-label={t("youCommented")}>
                  {" "}
                  💬
                </span>
              )}
            </p>
          );
        })}
      </div>
      {chosen !== null && (
        <div className={styles.chosenTools}>
        <div className={styles.reactions} role="toolbar" aria-label={t("reactToolbar")}>
          {REACTIONS.map((reaction) => (
            <button
              key={reaction}
              type="button"
              className={styles.reaction}
              aria-pressed={mine.get(chosen) === reaction}
              title={reactionName(reaction)}
              aria-label={reactionName(reaction)}
              disabled={react.isPending}
              onClick={() => react.mutate({ bookId, chapterId, paragraph: chosen, reaction })}
            >
              {reaction}
            </button>
          ))}
          <button type="button" className="link-button" onClick={() => setChosen(null)}>
            {t("done")}
          </button>
        </div>
          <ul className={styles.myComments} aria-label={t("yourComments")}>
            {(data?.comments ?? [])
              .filter((c) => c.paragraph === chosen)
              .map((c) => (
                <li key={c.id}>{c.body}</li>
              ))}
          </ul>
          <form className={styles.commentForm} onSubmit={sendComment}>
            <label className="visually-hidden" htmlFor="paragraph-comment">
              {t("commentLabel")}
            </label>
            <textarea id="paragraph-comment" name="body" rows={2} placeholder={t("commentPlaceholder")} required />
            <button type="submit" className="button small" disabled={comment.isPending} aria-busy={comment.isPending || undefined}>
              {t("send")}
            </button>
          </form>
        </div>
      )}
      <nav className={styles.turns} aria-label={t("pages")}>
        <button type="button" className="button secondary" aria-label={t("previousPage")} onClick={() => turnTo(page - 1)} disabled={!data || (page === 0 && !data.previousChapterId)}>
          {t("previous")}
        </button>
        <span className={styles.folio} aria-live="polite">
          {t("folio", { page: Math.min(page + 1, pages), pages })}
        </span>
        <button type="button" className="button secondary" aria-label={t("nextPage")} onClick={() => turnTo(page + 1)} disabled={!data || (page >= pages - 1 && !data.nextChapterId)}>
          {t("next")}
        </button>
      </nav>
      <nav className={styles.chapterTurns} aria-label={t("chapters")}>
        <button type="button" className="link-button" onClick={() => goToChapter(data?.previousChapterId)} disabled={!data?.previousChapterId}>
          {t("previousChapter")}
        </button>
        <span className="muted">{t("keys")}</span>
        <button type="button" className="link-button" onClick={() => goToChapter(data?.nextChapterId)} disabled={!data?.nextChapterId}>
          {t("nextChapter")}
        </button>
      </nav>
    </section>
  );
}
