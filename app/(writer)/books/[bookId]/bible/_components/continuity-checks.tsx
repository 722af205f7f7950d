"use client";

import Link from "next/link";
import { useEffect, useState, type FormEvent } from "react";
import { Field } from "@/app/_components/field";
import { FormAlert } from "@/app/_components/form-alert";
import { formatNumber } from "@/app/_components/format";
import { describeProblem } from "@/app/_components/problem";
import { trpc } from "@/app/_trpc/client";
import type { FindingDto } from "@/server/bible/schemas";
import styles from "./bible.module.css";
import { editorHref } from "./editor-href";

const KIND_LABELS: Record<FindingDto["kind"], string> = {
  after_exit: "Named after leaving the story",
  near_name: "Likely a misspelt name",
  long_absence: "Long absence",
};

/** The writer's absence threshold, remembered in this browser. */
const ABSENCE_KEY = "inkstone-bible-absence";
const DEFAULT_ABSENCE = 10;

/**
 * The continuity findings: an entry named after its exit, a rare near-match of a name (a likely
 * typo), a character absent for more than N chapters. Each links to its spot in the editor.
 */
export function ContinuityChecks({ book }: { book: { id: string; language: string } }) {
  // null until this browser's choice is read (after hydration: the server cannot know it).
  const [absence, setAbsence] = useState<number | null>(null);
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setAbsence(Number(localStorage.getItem(ABSENCE_KEY)) || DEFAULT_ABSENCE);
  }, []);
  const checks = trpc.bible.checks.useQuery({ bookId: book.id, absence: absence ?? DEFAULT_ABSENCE }, { enabled: absence !== null });
  const problem = describeProblem(checks.error, "");

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = Number(new FormData(event.currentTarget).get("absence"));
    setAbsence(value);
    if (Number.isInteger(value) && value >= 1) localStorage.setItem(ABSENCE_KEY, String(value));
  }

  return (
    <>
      <form className={styles.checksForm} onSubmit={submit} noValidate key={absence ?? "unread"}>
        <Field
          name="absence"
          label="A character is missing after this many chapters"
          inputMode="numeric"
          defaultValue={String(absence ?? DEFAULT_ABSENCE)}
          error={problem?.fields?.absence}
          autoComplete="off"
        />
        <button type="submit" className="button secondary small">
          Check again
        </button>
      </form>
      {!problem?.fields?.absence && <FormAlert message={problem?.message} />}
      {checks.isLoading && <p className="muted">Reading the book…</p>}
      {checks.data && (
        <>
          <p className="muted">
            {checks.data.findings.length === 0 ? "Nothing found" : `${formatNumber(checks.data.findings.length)} ${checks.data.findings.length === 1 ? "finding" : "findings"}`} in{" "}
            {formatNumber(checks.data.chaptersScanned)} {checks.data.chaptersScanned === 1 ? "chapter" : "chapters"}.
          </p>
          <ol className={styles.findings} lang={book.language}>
            {checks.data.findings.map((finding, index) => (
              <li key={`${finding.kind}:${finding.entryId}:${finding.chapterId}:${finding.offset}:${index}`}>
                <span className={styles.findingKind}>{KIND_LABELS[finding.kind]}</span>
                <span>{finding.message}</span>
                <span className={styles.small}>
                  <Link href={editorHref(book.id, finding.chapterId, finding.offset, finding.length)}>
                    {finding.position}. {finding.chapterTitle}
                    {finding.text && ` — “${finding.text}”`}
                  </Link>{" "}
                  · <Link href={`/books/${book.id}/bible/${finding.entryId}`}>{finding.entryName}</Link>
                </span>
              </li>
            ))}
          </ol>
        </>
      )}
    </>
  );
}
