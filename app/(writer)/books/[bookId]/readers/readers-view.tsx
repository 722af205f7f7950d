"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { FormAlert } from "@/app/_components/form-alert";
import { useTranslations } from "use-intl";
import { useProblems } from "@/app/_components/use-problems";
import { trpc } from "@/app/_trpc/client";
import type { ReadersReportDto } from "@/server/readers/schemas";
import styles from "./readers.module.css";

interface Props {
  bookId: string;
  language: string;
  report: ReadersReportDto;
  snapshots: { id: string; name: string }[];
}

/** "Reader 3": how the server names a reader while the owner shows no names (server/readers/get-readers-report.ts). */
const NUMBERED_READER = /^Reader (\d+)$/;

/** The sharing form and, per chapter, the readers' progress, stops and reactions. */
export function ReadersView({ bookId, language, report, snapshots }: Props) {
  const t = useTranslations("readers.readers");
  const { describeProblem } = useProblems();
  // Without names, every label is the server's "Reader N", said here in the page's language; with
  // names, a label is a person's own name and stays as it is.
  const readerLabel = (label: string) => {
    const numbered = report.sharing.showNames ? null : NUMBERED_READER.exec(label);
    return numbered ? t("reader", { number: Number(numbered[1]) }) : label;
  };
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
      <form className={styles.share} onSubmit={submit} aria-label={t("shareForm")}>
        <label>
          {t("snapshotLabel")}{" "}
          <select value={snapshotId} onChange={(event) => setSnapshotId(event.target.value)}>
            <option value="">{t("noneShared")}</option>
            {snapshots.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
        <label className="checkbox">
          <input type="checkbox" checked={showNames} onChange={(event) => setShowNames(event.target.checked)} /> {t("showNames")}
        </label>
        <button type="submit" className="button small" disabled={share.isPending}>
          {t("save")}
        </button>
        {snapshots.length === 0 && (
          <p className="muted">{t.rich("noSnapshots", { link: (chunks) => <Link href={`/books/${bookId}/snapshots`}>{chunks}</Link> })}</p>
        )}
      </form>
      <FormAlert message={describeProblem(share.error)?.message} />
      {report.sharing.snapshot ? (
        <p>
          {t.rich("sharing", { name: report.sharing.snapshot.name, strong: (chunks) => <strong>{chunks}</strong> })}{" "}
          <Link href={`/books/${bookId}/reading`}>{t("openAsTheySee")}</Link>
        </p>
      ) : (
        <p className="muted">{t("nothingShared")}</p>
      )}
      {report.snapshotId && (
        <section aria-labelledby="progress-heading" className={styles.chapters}>
          <h2 id="progress-heading">
            {report.readers.length > 0 ? t("byChapterReaders", { count: report.readers.length }) : t("byChapter")}
          </h2>
          {report.chapters.map((chapter) => (
            <article key={chapter.chapterId} className={styles.chapter} aria-label={chapter.title}>
              <h3 lang={language}>
                {chapter.position}. {chapter.title}
              </h3>
              <p className={styles.counts}>
                <span>{t("started", { count: chapter.started })}</span> · <span>{t("finished", { count: chapter.finished })}</span>
              </p>
              {chapter.stops.length > 0 && <h4 className={styles.listHeading}>{t("whereReaders")}</h4>}
              {chapter.stops.length > 0 && (
                <ul className={styles.stops} aria-label={t("whereReaders")}>
                  {chapter.stops.map((stop) => (
                    <li key={`${stop.reader}-${stop.paragraph}`}>
                      <strong>{readerLabel(stop.reader)}</strong> {stop.finished ? t("finishedLastAt") : t("stoppedAt")} ¶{stop.paragraph + 1}: <q lang={language}>{stop.excerpt}</q>
                    </li>
                  ))}
                </ul>
              )}
              {chapter.reactions.length > 0 && <h4 className={styles.listHeading}>{t("reactionsHeading")}</h4>}
              {chapter.reactions.length > 0 && (
                <ul className={styles.reactions} aria-label={t("reactions")}>
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
              {chapter.comments.length > 0 && <h4 className={styles.listHeading}>{t("commentsHeading")}</h4>}
              {chapter.comments.length > 0 && (
                <ul className={styles.stops} aria-label={t("comments")}>
                  {chapter.comments.map((c, index) => (
                    <li key={index}>
                      <strong>{readerLabel(c.reader)}</strong> {t("commentOn")} ¶{c.paragraph + 1} <q lang={language}>{c.excerpt}</q>: {c.body}
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
