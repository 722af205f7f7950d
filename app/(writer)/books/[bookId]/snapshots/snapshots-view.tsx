"use client";

import { useState, type FormEvent } from "react";
import type { ChapterComparisonDto, DiffPart, SnapshotSummaryDto } from "@/server/snapshots/schemas";
import { ConfirmDialog } from "../../../../_components/confirm-dialog";
import { Field, SelectField } from "../../../../_components/field";
import { FormAlert } from "../../../../_components/form-alert";
import { useFormatter, useTranslations } from "use-intl";
import { useProblems } from "../../../../_components/use-problems";
import { trpc } from "../../../../_trpc/client";
import styles from "./snapshots.module.css";
import { useDates } from "@/app/_i18n/use-dates";

interface Props {
  bookId: string;
  language: string;
  initial: SnapshotSummaryDto[];
  /** the owner: makes and deletes snapshots */
  manages: boolean;
  /** the owner or a co-author: restores a chapter from one */
  writes: boolean;
  /** the book's parts (卷): a snapshot may freeze one of them */
  parts: { id: string; title: string }[];
}

/** The snapshots page's body: make one, the list, and a comparison with its chapter diff and restore. */
export function SnapshotsView({ bookId, language, initial, manages, writes, parts }: Props) {
  const t = useTranslations("snapshots");
  const format = useFormatter();
  const dates = useDates();
  const utils = trpc.useUtils();
  const list = trpc.snapshots.list.useQuery({ bookId }, { initialData: initial });
  const snapshots = list.data ?? [];
  const [from, setFrom] = useState<string | null>(initial[0]?.id ?? null);
  const [other, setOther] = useState("today");
  const [deleting, setDeleting] = useState<SnapshotSummaryDto | null>(null);
  const refresh = () => (utils.snapshots.list.invalidate({ bookId }), utils.snapshots.compare.invalidate());
  const remove = trpc.snapshots.delete.useMutation({
    onSuccess: (_, { snapshotId }) => {
      setDeleting(null);
      if (from === snapshotId) setFrom(null);
      if (other === snapshotId) setOther("today");
      void refresh();
    },
  });
  // The snapshot compared is still there (another tab may have deleted it).
  const fromSnapshot = snapshots.find((s) => s.id === from) ?? null;

  return (
    <div className="stack">
      {manages && (
        <CreateSnapshot
          bookId={bookId}
          parts={parts}
          names={snapshots.map((snapshot) => snapshot.name)}
          onCreated={(made) => {
            setFrom(made.id);
            setOther("today");
            void refresh();
          }}
        />
      )}
      <section className="panel" aria-labelledby="snapshots-heading">
        <h2 id="snapshots-heading">{t("list.heading")}</h2>
        {snapshots.length === 0 ? (
          <p className="muted">{manages ? t("list.emptyOwner") : t("list.empty")}</p>
        ) : (
          <table className="table" aria-label={t("list.table")}>
            <thead>
              <tr>
                <th scope="col">{t("list.name")}</th>
                <th scope="col">{t("list.made")}</th>
                <th scope="col" className="num">
                  {t("list.chapters")}
                </th>
                <th scope="col" className="num">
                  {t("list.words")}
                </th>
                <th scope="col" className="actions">
                  <span className="visually-hidden">{t("list.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {snapshots.map((snapshot) => (
                <tr key={snapshot.id} className={snapshot.id === from ? styles.current : undefined}>
                  <th scope="row">
                    {snapshot.name}
                    {snapshot.part && <span className={`muted ${styles.note}`}>{t("list.ofPart", { part: snapshot.part.title })}</span>}
                    {snapshot.note && <span className={`muted ${styles.note}`}>{snapshot.note}</span>}
                  </th>
                  <td>
                    <time dateTime={snapshot.createdAt}>{dates.dateTime(snapshot.createdAt)}</time>
                    {snapshot.author?.name && <span className={`muted ${styles.note}`}>{t("list.by", { name: snapshot.author.name })}</span>}
                  </td>
                  <td className="num">{format.number(snapshot.chapterCount)}</td>
                  <td className="num">{format.number(snapshot.wordCount)}</td>
                  <td className="actions">
                    <div className={`button-row ${styles.rowActions}`}>
                      <button type="button" className="button secondary small" onClick={() => (setFrom(snapshot.id), setOther("today"))} aria-label={t("list.compareLabel", { name: snapshot.name })}>
                        {t("list.compare")}
                      </button>
                      {manages && (
                        <button type="button" className="button danger small" onClick={() => setDeleting(snapshot)} aria-label={t("list.deleteLabel", { name: snapshot.name })}>
                          {t("list.delete")}
                        </button>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      {fromSnapshot && (
        <Comparison
          key={`${fromSnapshot.id}:${other}`}
          bookId={bookId}
          language={language}
          snapshots={snapshots}
          from={fromSnapshot}
          other={other}
          onFrom={setFrom}
          onOther={setOther}
          writes={writes}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title={t("delete.title", { name: deleting.name })}
          confirmLabel={t("delete.confirm")}
          pending={remove.isPending}
          error={remove.error}
          onConfirm={() => remove.mutate({ bookId, snapshotId: deleting.id })}
          onClose={() => setDeleting(null)}
        >
          <p>{t("delete.body")}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}

function CreateSnapshot({ bookId, parts, names, onCreated }: { bookId: string; parts: Props["parts"]; names: string[]; onCreated: (made: { id: string }) => void }) {
  const t = useTranslations("snapshots.create");
  const { describeProblem } = useProblems();
  const create = trpc.snapshots.create.useMutation();
  const problem = describeProblem(create.error);
  // The one refusal of a good name: said on the field, in the page's language, naming the snapshot
  // that has it (letter case aside, as the server compares); a name taken by something else of the
  // book's (a bible entry, a plotline) gets the code's sentence.
  const asked = create.variables?.name.trim().toLowerCase();
  const holder = names.find((name) => name.toLowerCase() === asked);
  const taken = problem?.code === "name_taken" ? (holder ? t("nameTaken", { name: holder }) : problem.message) : undefined;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const partId = String(data.get("partId") ?? "");
    create.mutate(
      { bookId, name: String(data.get("name") ?? ""), note: String(data.get("note") ?? ""), ...(partId && { partId }) },
      { onSuccess: (made) => (form.reset(), onCreated(made)) },
    );
  }

  return (
    <section className="panel" aria-labelledby="freeze-heading">
      <h2 id="freeze-heading">{t("heading")}</h2>
      <form onSubmit={submit} className="stack" noValidate aria-label={t("form")}>
        <FormAlert message={taken ? undefined : problem?.message} />
        <Field name="name" label={t("name")} placeholder={t("namePlaceholder")} autoComplete="off" maxLength={100} required error={taken ?? problem?.fields?.name} />
        <Field name="note" label={t("note")} multiline rows={2} hint={t("noteHint")} error={problem?.fields?.note} />
        {parts.length > 0 && (
          <SelectField
            name="partId"
            label={t("of")}
            options={[{ value: "", label: t("wholeBook") }, ...parts.map((part) => ({ value: part.id, label: part.title }))]}
            hint={t("partHint")}
            error={problem?.fields?.partId}
          />
        )}
        <div className="button-row">
          <button type="submit" className="button" disabled={create.isPending} aria-busy={create.isPending || undefined}>
            {t("submit")}
          </button>
          {create.data && !create.isPending && (
            <p role="status" className="muted">
              {t("made", { name: create.data.name, chapters: create.data.chapterCount, words: create.data.wordCount })}
            </p>
          )}
        </div>
      </form>
    </section>
  );
}

interface ComparisonProps {
  bookId: string;
  language: string;
  snapshots: SnapshotSummaryDto[];
  from: SnapshotSummaryDto;
  other: string;
  onFrom: (id: string) => void;
  onOther: (id: string) => void;
  writes: boolean;
}

function Comparison({ bookId, language, snapshots, from, other, onFrom, onOther, writes }: ComparisonProps) {
  const t = useTranslations("snapshots");
  const format = useFormatter();
  const { describeProblem } = useProblems();
  const utils = trpc.useUtils();
  const [chapter, setChapter] = useState<string | null>(null);
  const [restoring, setRestoring] = useState<ChapterComparisonDto | null>(null);
  const [restored, setRestored] = useState<string | null>(null);
  const compared = trpc.snapshots.compare.useQuery({ bookId, snapshotId: from.id, with: other });
  const diff = trpc.snapshots.compare.useQuery({ bookId, snapshotId: from.id, with: other, chapter: chapter ?? "" }, { enabled: chapter !== null });
  const untrash = trpc.chapters.untrash.useMutation();
  const restore = trpc.snapshots.restore.useMutation();
  const options = snapshots.map((s) => ({ value: s.id, label: s.name }));
  const problem = describeProblem(compared.error);

  async function bringBack(entry: ChapterComparisonDto) {
    // A chapter in the trash comes out first (its own operation, back into its place), then its text.
    if (entry.inTrashToday) await untrash.mutateAsync({ bookId, chapterId: entry.chapterId });
    const chapter = await restore.mutateAsync({ bookId, snapshotId: from.id, chapterId: entry.chapterId });
    setRestoring(null);
    setRestored(t("compare.restored", { title: chapter.title, snapshot: from.name, version: chapter.version }));
    await utils.snapshots.compare.invalidate();
  }

  const data = compared.data;
  // The book as it stands is the API's "Today" (snapshotId null): said here in the page's language.
  const sideName = (side: { snapshotId: string | null; name: string }) => (side.snapshotId === null ? t("compare.todayName") : side.name);
  return (
    <section className="panel stack" aria-labelledby="compare-heading">
      <h2 id="compare-heading">{t("compare.heading")}</h2>
      <div className="field-row">
        <SelectField name="from" label={t("compare.snapshot")} options={options} value={from.id} onChange={(e) => onFrom(e.currentTarget.value)} />
        <SelectField
          name="with"
          label={t("compare.with")}
          options={[{ value: "today", label: t("compare.today") }, ...options.filter((o) => o.value !== from.id)]}
          value={other}
          onChange={(e) => onOther(e.currentTarget.value)}
        />
      </div>
      <FormAlert message={problem?.message} />
      {restored && (
        <p role="status" className={styles.restored}>
          {restored}
        </p>
      )}
      {!data ? (
        !problem && <p className="muted">{t("compare.comparing")}</p>
      ) : (
        <>
          <p className={styles.totals}>
            {t("compare.totals", {
              from: sideName(data.from),
              to: sideName(data.to),
              changed: data.totals.changed,
              added: data.totals.added,
              removed: data.totals.removed,
              unchanged: data.totals.unchanged,
              fromWords: format.number(data.totals.fromWords),
              toWords: format.number(data.totals.toWords),
            })}
          </p>
          <table className="table" aria-label={t("compare.table")}>
            <thead>
              <tr>
                <th scope="col">{t("compare.chapter")}</th>
                <th scope="col">{t("compare.change")}</th>
                <th scope="col" className="num">
                  {t("compare.words")}
                </th>
                <th scope="col" className="actions">
                  <span className="visually-hidden">{t("compare.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.chapters.map((entry) => {
                const title = (entry.to ?? entry.from)!.title;
                return (
                  <tr key={entry.chapterId} className={entry.chapterId === chapter ? styles.current : undefined}>
                    <th scope="row" lang={language}>
                      {title}
                      {entry.from && entry.to && entry.from.title !== entry.to.title && (
                        <span className={`muted ${styles.note}`} lang={language}>
                          {t("compare.was", { title: entry.from.title })}
                        </span>
                      )}
                    </th>
                    <td>
                      <span className={`${styles.status} ${styles[entry.status]}`}>{t(`status.${entry.status}`)}</span>
                      {entry.inTrashToday && <span className={`muted ${styles.note}`}>{t("compare.inTrash")}</span>}
                    </td>
                    <td className="num">
                      {entry.from ? format.number(entry.from.wordCount) : "–"} → {entry.to ? format.number(entry.to.wordCount) : "–"}
                    </td>
                    <td className="actions">
                      <div className={`button-row ${styles.rowActions}`}>
                        {entry.status !== "unchanged" && (
                          <button
                            type="button"
                            className="button secondary small"
                            aria-pressed={entry.chapterId === chapter}
                            onClick={() => setChapter(entry.chapterId === chapter ? null : entry.chapterId)}
                            aria-label={t("compare.changesLabel", { title })}
                          >
                            {t("compare.changes")}
                          </button>
                        )}
                        {writes && entry.from && entry.status !== "unchanged" && (
                          <button type="button" className="button secondary small" onClick={() => setRestoring(entry)} aria-label={t("compare.restoreLabel", { title: entry.from.title, snapshot: from.name })}>
                            {t("compare.restore")}
                          </button>
                        )}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </>
      )}
      {chapter && (
        <section aria-labelledby="diff-heading" className="stack">
          <h3 id="diff-heading" className={styles.diffHeading}>
            {t("compare.changesTo", {
              title: data?.chapters.find((c) => c.chapterId === chapter)?.to?.title ?? data?.chapters.find((c) => c.chapterId === chapter)?.from?.title ?? "",
            })}
            <span className="muted">
              {" "}
              {t("compare.fromTo", { from: from.name, to: data ? sideName(data.to) : "" })}
            </span>
          </h3>
          {diff.error ? <FormAlert message={describeProblem(diff.error)?.message} /> : !diff.data?.diff ? <p className="muted">{t("compare.comparing")}</p> : <DiffView parts={diff.data.diff.parts} approximate={diff.data.diff.approximate} language={language} />}
        </section>
      )}
      {restoring && restoring.from && (
        <ConfirmDialog
          title={t("restore.title", { title: restoring.from.title, snapshot: from.name })}
          confirmLabel={restoring.inTrashToday ? t("restore.confirmFromTrash") : t("restore.confirm")}
          pending={untrash.isPending || restore.isPending}
          error={untrash.error ?? restore.error}
          onConfirm={() => void bringBack(restoring).catch(() => undefined)}
          onClose={() => setRestoring(null)}
        >
          <p>
            {t("restore.body")}
            {restoring.inTrashToday && ` ${t("restore.fromTrash")}`}
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}

/** A chapter's changes as text: React escapes every part, so Markdown or HTML is shown, never run. */
function DiffView({ parts, approximate, language }: { parts: DiffPart[]; approximate: boolean; language: string }) {
  const t = useTranslations("snapshots.diff");
  if (parts.every((p) => p.kind === "same")) return <p className="muted">{t("none")}</p>;
  return (
    <>
      {approximate && <p className="muted">{t("approximate")}</p>}
      <div className={styles.diff} tabIndex={0} role="region" aria-label={t("label")} lang={language}>
        {parts.map((part, i) => (part.kind === "added" ? <ins key={i}>{part.text}</ins> : part.kind === "removed" ? <del key={i}>{part.text}</del> : <span key={i}>{part.text}</span>))}
      </div>
    </>
  );
}
