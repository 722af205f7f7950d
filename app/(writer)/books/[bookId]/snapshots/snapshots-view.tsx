"use client";

import { useState, type FormEvent } from "react";
import type { ChapterComparisonDto, DiffPart, SnapshotSummaryDto } from "@/server/snapshots/schemas";
import { ConfirmDialog } from "../../../../_components/confirm-dialog";
import { Field, SelectField } from "../../../../_components/field";
import { FormAlert } from "../../../../_components/form-alert";
import { formatDateTime, formatNumber } from "../../../../_components/format";
import { describeProblem } from "../../../../_components/problem";
import { trpc } from "../../../../_trpc/client";
import styles from "./snapshots.module.css";

const STATUS_LABELS: Record<ChapterComparisonDto["status"], string> = {
  added: "Added",
  removed: "Removed",
  changed: "Changed",
  unchanged: "Unchanged",
};

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
          onCreated={(made) => {
            setFrom(made.id);
            setOther("today");
            void refresh();
          }}
        />
      )}
      <section className="panel" aria-labelledby="snapshots-heading">
        <h2 id="snapshots-heading">The book’s snapshots</h2>
        {snapshots.length === 0 ? (
          <p className="muted">{manages ? "No snapshot yet: freeze the book above to keep it as it stands." : "No snapshot yet: the book’s owner makes them."}</p>
        ) : (
          <table className="table" aria-label="Snapshots">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Made</th>
                <th scope="col" className="num">
                  Chapters
                </th>
                <th scope="col" className="num">
                  Words
                </th>
                <th scope="col" className="actions">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {snapshots.map((snapshot) => (
                <tr key={snapshot.id} className={snapshot.id === from ? styles.current : undefined}>
                  <th scope="row">
                    {snapshot.name}
                    {snapshot.part && <span className={`muted ${styles.note}`}>of “{snapshot.part.title}”</span>}
                    {snapshot.note && <span className={`muted ${styles.note}`}>{snapshot.note}</span>}
                  </th>
                  <td>
                    <time dateTime={snapshot.createdAt}>{formatDateTime(snapshot.createdAt)}</time>
                    {snapshot.author?.name && <span className={`muted ${styles.note}`}>by {snapshot.author.name}</span>}
                  </td>
                  <td className="num">{formatNumber(snapshot.chapterCount)}</td>
                  <td className="num">{formatNumber(snapshot.wordCount)}</td>
                  <td className="actions">
                    <div className={`button-row ${styles.rowActions}`}>
                      <button type="button" className="button secondary small" onClick={() => (setFrom(snapshot.id), setOther("today"))} aria-label={`Compare “${snapshot.name}” with today`}>
                        Compare
                      </button>
                      {manages && (
                        <button type="button" className="button danger small" onClick={() => setDeleting(snapshot)} aria-label={`Delete the snapshot “${snapshot.name}”`}>
                          Delete
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
          title={`Delete the snapshot “${deleting.name}”?`}
          confirmLabel="Delete"
          pending={remove.isPending}
          error={remove.error}
          onConfirm={() => remove.mutate({ bookId, snapshotId: deleting.id })}
          onClose={() => setDeleting(null)}
        >
          <p>The chapters keep their histories; only this frozen copy goes. It cannot be undone.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}

function CreateSnapshot({ bookId, parts, onCreated }: { bookId: string; parts: Props["parts"]; onCreated: (made: { id: string }) => void }) {
  const create = trpc.snapshots.create.useMutation();
  const problem = describeProblem(create.error);
  // The one refusal of a good name: said on the field, in the server's words (they name the snapshot).
  const taken = problem?.code === "name_taken" ? create.error?.message : undefined;

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
      <h2 id="freeze-heading">Freeze the book</h2>
      <form onSubmit={submit} className="stack" noValidate aria-label="Make a snapshot">
        <FormAlert message={taken ? undefined : problem?.message} />
        <Field name="name" label="Name" placeholder="Draft 2 for beta" autoComplete="off" maxLength={100} required error={taken ?? problem?.fields?.name} />
        <Field name="note" label="Note (optional)" multiline rows={2} hint="What this draft is, and for whom." error={problem?.fields?.note} />
        {parts.length > 0 && (
          <SelectField
            name="partId"
            label="Of"
            options={[{ value: "", label: "The whole book" }, ...parts.map((part) => ({ value: part.id, label: part.title }))]}
            hint="One part freezes only its chapters, and is compared with that part as it stands."
            error={problem?.fields?.partId}
          />
        )}
        <div className="button-row">
          <button type="submit" className="button" disabled={create.isPending} aria-busy={create.isPending || undefined}>
            Make snapshot
          </button>
          {create.data && !create.isPending && (
            <p role="status" className="muted">
              “{create.data.name}” holds {formatNumber(create.data.chapterCount)} chapters, {formatNumber(create.data.wordCount)} words.
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
    setRestored(`“${chapter.title}” is back as “${from.name}” held it, as version ${chapter.version}.`);
    await utils.snapshots.compare.invalidate();
  }

  const data = compared.data;
  return (
    <section className="panel stack" aria-labelledby="compare-heading">
      <h2 id="compare-heading">Compare</h2>
      <div className="field-row">
        <SelectField name="from" label="Snapshot" options={options} value={from.id} onChange={(e) => onFrom(e.currentTarget.value)} />
        <SelectField
          name="with"
          label="With"
          options={[{ value: "today", label: "Today (the book as it stands)" }, ...options.filter((o) => o.value !== from.id)]}
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
        !problem && <p className="muted">Comparing…</p>
      ) : (
        <>
          <p className={styles.totals}>
            {data.from.name} → {data.to.name}: {data.totals.changed} changed, {data.totals.added} added, {data.totals.removed} removed, {data.totals.unchanged} unchanged ·{" "}
            {formatNumber(data.totals.fromWords)} → {formatNumber(data.totals.toWords)} words
          </p>
          <table className="table" aria-label="Chapters compared">
            <thead>
              <tr>
                <th scope="col">Chapter</th>
                <th scope="col">Change</th>
                <th scope="col" className="num">
                  Words
                </th>
                <th scope="col" className="actions">
                  <span className="visually-hidden">Actions</span>
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
                          was “{entry.from.title}”
                        </span>
                      )}
                    </th>
                    <td>
                      <span className={`${styles.status} ${styles[entry.status]}`}>{STATUS_LABELS[entry.status]}</span>
                      {entry.inTrashToday && <span className={`muted ${styles.note}`}>in the trash today</span>}
                    </td>
                    <td className="num">
                      {entry.from ? formatNumber(entry.from.wordCount) : "–"} → {entry.to ? formatNumber(entry.to.wordCount) : "–"}
                    </td>
                    <td className="actions">
                      <div className={`button-row ${styles.rowActions}`}>
                        {entry.status !== "unchanged" && (
                          <button
                            type="button"
                            className="button secondary small"
                            aria-pressed={entry.chapterId === chapter}
                            onClick={() => setChapter(entry.chapterId === chapter ? null : entry.chapterId)}
                            aria-label={`Show the changes to “${title}”`}
                          >
                            Changes
                          </button>
                        )}
                        {writes && entry.from && entry.status !== "unchanged" && (
                          <button type="button" className="button secondary small" onClick={() => setRestoring(entry)} aria-label={`Restore “${entry.from.title}” from “${from.name}”`}>
                            Restore
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
            Changes to “{data?.chapters.find((c) => c.chapterId === chapter)?.to?.title ?? data?.chapters.find((c) => c.chapterId === chapter)?.from?.title}”
            <span className="muted">
              {" "}
              from {from.name} to {data?.to.name}
            </span>
          </h3>
          {diff.error ? <FormAlert message={describeProblem(diff.error)?.message} /> : !diff.data?.diff ? <p className="muted">Comparing…</p> : <DiffView parts={diff.data.diff.parts} approximate={diff.data.diff.approximate} language={language} />}
        </section>
      )}
      {restoring && restoring.from && (
        <ConfirmDialog
          title={`Restore “${restoring.from.title}” from “${from.name}”?`}
          confirmLabel={restoring.inTrashToday ? "Take out of the trash and restore" : "Restore"}
          pending={untrash.isPending || restore.isPending}
          error={untrash.error ?? restore.error}
          onConfirm={() => void bringBack(restoring).catch(() => undefined)}
          onClose={() => setRestoring(null)}
        >
          <p>
            Its title and text come back as the snapshot holds them, as a new version. The text it has today stays in its history, so nothing is lost.
            {restoring.inTrashToday && " It is in the trash today: it comes out of the trash first, back into its place."}
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}

/** A chapter's changes as text: React escapes every part, so Markdown or HTML is shown, never run. */
function DiffView({ parts, approximate, language }: { parts: DiffPart[]; approximate: boolean; language: string }) {
  if (parts.every((p) => p.kind === "same")) return <p className="muted">No differences in the text.</p>;
  return (
    <>
      {approximate && <p className="muted">These texts differ too much to match word by word: the old text is shown struck out above the new.</p>}
      <div className={styles.diff} tabIndex={0} role="region" aria-label="Changes" lang={language}>
        {parts.map((part, i) => (part.kind === "added" ? <ins key={i}>{part.text}</ins> : part.kind === "removed" ? <del key={i}>{part.text}</del> : <span key={i}>{part.text}</span>))}
      </div>
    </>
  );
}
