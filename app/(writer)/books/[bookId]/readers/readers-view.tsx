"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { FormAlert } from "@/app/_components/form-alert";
import { describeProblem } from "@/app/_components/problem";
import { trpc } from "@/app/_trpc/client";
import type { ReadersReportDto } from "@/server/readers/schemas";
import styles from "./readers.module.css";

interface Props {
  bookId: string;
  language: string;
  report: ReadersReportDto;
  snapshots: { id: string; name: string }[];
}

/** The sharing form and, per chapter, the readers' progress, stops and reactions. */
export function ReadersView({ bookId, language, report, snapshots }: Props) {
  const router = useRouter();
  const [snapshotId, setSnapshotId] = useState(report.sharing.snapshot?.id ?? "");
  const [showNames, setShowNames] = useState(report.sharing.showNames);
  const share = trpc.readers.share.useMutation({ onSuccess: () => router.refresh() });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    share.mutate({ bookId, snapshotId: snapshotId || null, showNames });
  };

  return (
    <>
      <form className={styles.share} onSubmit={submit} aria-label="Share with readers">
        <label>
          Snapshot readers read{" "}
          <select value={snapshotId} onChange={(event) => setSnapshotId(event.target.value)}>
            <option value="">None shared</option>
            {snapshots.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
        <label className="checkbox">
          <input type="checkbox" checked={showNames} onChange={(event) => setShowNames(event.target.checked)} /> Show readers’ names (otherwise Reader 1, 2 …)
        </label>
        <button type="submit" className="button small" disabled={share.isPending}>
          Save sharing
        </button>
        {snapshots.length === 0 && (
          <p className="muted">
            No snapshots yet: <Link href={`/books/${bookId}/snapshots`}>make one</Link> to share it.
          </p>
        )}
      </form>
      <FormAlert message={describeProblem(share.error)?.message} />
      {report.sharing.snapshot ? (
        <p>
          Readers read <strong>{report.sharing.snapshot.name}</strong>.{" "}
          <Link href={`/books/${bookId}/reading`}>Open it as they see it</Link>
        </p>
      ) : (
        <p className="muted">No snapshot is shared with readers.</p>
      )}
      {report.snapshotId && (
        <section aria-labelledby="progress-heading" className={styles.chapters}>
          <h2 id="progress-heading">
            By chapter{report.readers.length > 0 && ` · ${report.readers.length} ${report.readers.length === 1 ? "reader" : "readers"}`}
          </h2>
          {report.chapters.map((chapter) => (
            <article key={chapter.chapterId} className={styles.chapter} aria-label={chapter.title}>
              <h3 lang={language}>
                {chapter.position}. {chapter.title}
              </h3>
              <p className={styles.counts}>
                <span>{chapter.started} started</span> · <span>{chapter.finished} finished</span>
              </p>
              {chapter.stops.length > 0 && <h4 className={styles.listHeading}>Where readers are</h4>}
              {chapter.stops.length > 0 && (
                <ul className={styles.stops} aria-label="Where readers are">
                  {chapter.stops.map((stop) => (
                    <li key={`${stop.reader}-${stop.paragraph}`}>
                      <strong>{stop.reader}</strong> {stop.finished ? "finished; last at" : "stopped at"} ¶{stop.paragraph + 1}: <q lang={language}>{stop.excerpt}</q>
                    </li>
                  ))}
                </ul>
              )}
              {chapter.reactions.length > 0 && <h4 className={styles.listHeading}>Reactions by paragraph</h4>}
              {chapter.reactions.length > 0 && (
                <ul className={styles.reactions} aria-label="Reactions">
                  {chapter.reactions.map((r) => (
                    <li key={r.paragraph}>
                      <span className={styles.emoji}>
                        {Object.entries(r.counts)
                          .map(([emoji, n]) => `${emoji} ${n}`)
                          .join("  ")}
                      </span>{" "}
                      ¶{r.paragraph + 1}: <q lang={language}>{r.excerpt}</q>
                    </li>
                  ))}
                </ul>
              )}
              {chapter.comments.length > 0 && <h4 className={styles.listHeading}>Comments by paragraph</h4>}
              {chapter.comments.length > 0 && (
                <ul className={styles.stops} aria-label="Comments">
                  {chapter.comments.map((c, index) => (
                    <li key={index}>
                      <strong>{c.reader}</strong> on ¶{c.paragraph + 1} <q lang={language}>{c.excerpt}</q>: {c.body}
                    </li>
                  ))}
                </ul>
              )}
            </article>
          ))}
        </section>
      )}
    </>
  );
}
