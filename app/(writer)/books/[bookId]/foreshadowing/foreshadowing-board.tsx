"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { FormAlert } from "@/app/_components/form-alert";
import { useProblems } from "@/app/_components/use-problems";
import { useTranslations } from "use-intl";
import { trpc } from "@/app/_trpc/client";
import type { ForeshadowingDto, ForeshadowingStatus } from "@/server/foreshadowing/schemas";
import styles from "./foreshadowing.module.css";

/** Words selected in the editor, to plant at or pay off at. */
export interface Selection {
  chapterId: string;
  start: number;
  end: number;
  quote: string;
}

/** A setup or payoff in the chosen chapter: at the selected words when that is their chapter. */
function passageIn(chapterId: string, selection?: Selection) {
  return selection && selection.chapterId === chapterId ? { chapterId, start: selection.start, end: selection.end, quote: selection.quote } : { chapterId };
}

interface ChapterChoice {
  id: string;
  title: string;
  number: number;
}

const COLUMNS: ForeshadowingStatus[] = ["overdue", "open", "paid_off", "dropped"];

type Words = ReturnType<typeof useTranslations<"foreshadowing">>;

const chapterName = (t: Words, chapter: { number: number | null; title: string }) =>
  chapter.number === null ? t("chapterInTrash", { title: chapter.title }) : t("chapterNumbered", { number: chapter.number, title: chapter.title });

/** The editor at the named words (selected and in view), or at the chapter's start. */
function editorLink(bookId: string, passage: { chapter: { id: string }; words: { start: number | null; end: number | null } | null }): string {
  const base = `/books/${bookId}/chapters/${passage.chapter.id}`;
  const words = passage.words;
  return words && words.start !== null && words.end !== null ? `${base}?at=${words.start}&len=${words.end - words.start}` : base;
}

function ChapterSelect({ label, name, chapters, defaultValue }: { label: string; name: string; chapters: ChapterChoice[]; defaultValue?: string }) {
  const t = useTranslations("foreshadowing");
  return (
    <label className="field">
      {label}
      <select name={name} defaultValue={defaultValue ?? chapters.at(-1)?.id} required>
        {chapters.map((chapter) => (
          <option key={chapter.id} value={chapter.id}>
            {t("chapterOption", { number: chapter.number, title: chapter.title })}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The board: four columns of cards, and the forms that plant, edit, pay off, drop and reopen. */
export function ForeshadowingBoard({ bookId, language, items, chapters, edits, selection }: { bookId: string; language: string; items: ForeshadowingDto[]; chapters: ChapterChoice[]; edits: boolean; selection?: Selection }) {
  const router = useRouter();
  const t = useTranslations("foreshadowing");
  const { describeProblem } = useProblems();
  const [message, setMessage] = useState<string>();
  const done = () => {
    setMessage(undefined);
    router.refresh();
  };
  const failed = (error: unknown) => setMessage(describeProblem(error, { withDetail: "all" })?.message);
  const create = trpc.foreshadowing.create.useMutation({ onSuccess: done, onError: failed });
  const update = trpc.foreshadowing.update.useMutation({ onSuccess: done, onError: failed });
  const remove = trpc.foreshadowing.delete.useMutation({ onSuccess: done, onError: failed });
  const [adding, setAdding] = useState(edits && selection !== undefined);
  const selectedIn = selection && chapters.find((chapter) => chapter.id === selection.chapterId);

  function plant(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const due = String(form.get("due") ?? "").trim();
    create.mutate(
      {
        bookId,
        title: String(form.get("title") ?? ""),
        note: String(form.get("note") ?? ""),
        setup: passageIn(String(form.get("setup")), selection),
        ...(due ? { deadline: { chapterNumber: Number(due) } } : {}),
      },
      { onSuccess: () => setAdding(false) },
    );
  }

  return (
    <>
      <FormAlert message={message} />
      {edits && selection && selectedIn && (
        <p className={styles.selection} role="status">
          {t.rich("selected", { number: selectedIn.number, title: selectedIn.title, quote: selection.quote, q: (quoted) => <q lang={language}>{quoted}</q> })}
        </p>
      )}
      {edits && !adding && chapters.length > 0 && (
        <button type="button" className="button small" onClick={() => setAdding(true)}>
          {t("plantButton")}
        </button>
      )}
      {edits && chapters.length === 0 && <p className="muted">{t("noChapters")}</p>}
      {adding && (
        <form className={styles.form} onSubmit={plant} aria-label={t("plantForm")}>
          <label className="field">
            {t("fieldTitle")}
            <input name="title" required maxLength={200} autoFocus />
          </label>
          <ChapterSelect label={t("plantedIn")} name="setup" chapters={chapters} defaultValue={selection?.chapterId} />
          <label className="field">
            {t("dueNew")}
            <input name="due" type="number" min={1} max={100000} inputMode="numeric" />
          </label>
          <label className="field">
            {t("note")}
            <textarea name="note" rows={3} maxLength={10000} />
          </label>
          <div className="button-row">
            <button type="submit" className="button small" disabled={create.isPending}>
              {t("plant")}
            </button>
            <button type="button" className="button secondary small" onClick={() => setAdding(false)}>
              {t("cancel")}
            </button>
          </div>
        </form>
      )}
      <div className={styles.columns}>
        {COLUMNS.map((status) => {
          const cards = items.filter((item) => item.status === status);
          return (
            <section key={status} className={styles.column} data-status={status} aria-labelledby={`column-${status}`}>
              <h2 id={`column-${status}`}>
                {t(`column.${status}`)} <span className="muted">{cards.length}</span>
              </h2>
              {cards.length === 0 ? (
                <p className="muted">{t(`columnEmpty.${status}`)}</p>
              ) : (
                <ul className={styles.cards}>
                  {cards.map((item) => (
                    <Card key={item.id} bookId={bookId} language={language} item={item} chapters={chapters} edits={edits} update={update} remove={remove} selection={selection} />
                  ))}
                </ul>
              )}
            </section>
          );
        })}
      </div>
    </>
  );
}

type UpdateMutation = ReturnType<typeof trpc.foreshadowing.update.useMutation>;
type DeleteMutation = ReturnType<typeof trpc.foreshadowing.delete.useMutation>;

function Card({ bookId, language, item, chapters, edits, update, remove, selection }: { bookId: string; language: string; item: ForeshadowingDto; chapters: ChapterChoice[]; edits: boolean; update: UpdateMutation; remove: DeleteMutation; selection?: Selection }) {
  const [open, setOpen] = useState<"pay" | "edit" | null>(null);
  const t = useTranslations("foreshadowing");
  const planted = item.state === "planted";
  const target = { bookId, foreshadowingId: item.id };

  function payOff(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    update.mutate({ ...target, payoff: passageIn(String(form.get("payoff")), selection) }, { onSuccess: () => setOpen(null) });
  }

  function edit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const due = String(form.get("due") ?? "").trim();
    const keepsChapterDeadline = item.deadline?.chapterId && due === String(item.deadline.number ?? "");
    update.mutate(
      {
        ...target,
        title: String(form.get("title") ?? ""),
        note: String(form.get("note") ?? ""),
        ...(keepsChapterDeadline ? {} : { deadline: due ? { chapterNumber: Number(due) } : null }),
      },
      { onSuccess: () => setOpen(null) },
    );
  }

  return (
    <li id={`foreshadowing-${item.id}`} className={styles.card} data-status={item.status} aria-label={item.title}>
      <h3 lang={language}>{item.title}</h3>
      <p className={styles.path}>
        <Link href={editorLink(bookId, item.setup)}>{chapterName(t, item.setup.chapter)}</Link>
        {" → "}
        {item.payoff ? (
          <Link href={editorLink(bookId, item.payoff)}>{chapterName(t, item.payoff.chapter)}</Link>
        ) : item.deadline ? (
          <span>
            {item.deadline.number === null
              ? t("byTrash")
              : item.deadline.title
                ? t("byChapter", { number: item.deadline.number, title: item.deadline.title })
                : t("byUnwritten", { number: item.deadline.number })}
          </span>
        ) : (
          <span className="muted">{t("noDeadline")}</span>
        )}
      </p>
      {item.chaptersLeft !== null && (
        <p className={styles.left} data-overdue={item.chaptersLeft <= 0 || undefined}>
          {item.chaptersLeft <= 0 ? t("overdueLine") : t("chaptersLeft", { count: item.chaptersLeft })}
        </p>
      )}
      {item.setup.words && (
        <blockquote className={styles.quote} lang={language}>
          {item.setup.words.quote}
          {item.setup.words.start === null && <span>{t("wordsDeleted")}</span>}
        </blockquote>
      )}
      {item.note && (
        <p className={styles.note} lang={language}>
          {item.note}
        </p>
      )}
      {item.warnings.map((warning) => (
        <p key={warning} className={styles.warning}>
          {t(`warning.${warning}`)}
        </p>
      ))}
      {edits && (
        <div className={styles.actions}>
          {planted && (
            <button type="button" className="button small" aria-expanded={open === "pay"} onClick={() => setOpen(open === "pay" ? null : "pay")}>
              {t("payOff")}
            </button>
          )}
          {planted && (
            <button type="button" className="button secondary small" onClick={() => update.mutate({ ...target, state: "dropped" })}>
              {t("drop")}
            </button>
          )}
          {!planted && (
            <button type="button" className="button secondary small" onClick={() => update.mutate({ ...target, state: "planted" })}>
              {t("reopen")}
            </button>
          )}
          <button type="button" className="button secondary small" aria-expanded={open === "edit"} onClick={() => setOpen(open === "edit" ? null : "edit")}>
            {t("edit")}
          </button>
          <button type="button" className="button danger small" onClick={() => window.confirm(t("confirmDelete", { title: item.title })) && remove.mutate(target)}>
            {t("delete")}
          </button>
        </div>
      )}
      {open === "pay" && (
        <form className={styles.inline} onSubmit={payOff} aria-label={t("payOffForm", { title: item.title })}>
          <ChapterSelect label={t("paidOffIn")} name="payoff" chapters={chapters} defaultValue={selection?.chapterId} />
          <div className="button-row">
            <button type="submit" className="button small" disabled={update.isPending}>
              {t("paidOffHere")}
            </button>
          </div>
        </form>
      )}
      {open === "edit" && (
        <form className={styles.inline} onSubmit={edit} aria-label={t("editForm", { title: item.title })}>
          <label className="field">
            {t("fieldTitle")}
            <input name="title" required maxLength={200} defaultValue={item.title} />
          </label>
          <label className="field">
            {t("due")}
            <input name="due" type="number" min={1} max={100000} defaultValue={item.deadline?.number ?? ""} />
          </label>
          <label className="field">
            {t("note")}
            <textarea name="note" rows={3} maxLength={10000} defaultValue={item.note} />
          </label>
          <div className="button-row">
            <button type="submit" className="button small" disabled={update.isPending}>
              {t("save")}
            </button>
          </div>
        </form>
      )}
    </li>
  );
}
