"use client";

import Link from "next/link";
import { useEffect, useState, type FormEvent } from "react";
import { Field } from "@/app/_components/field";
import { FormAlert } from "@/app/_components/form-alert";
import { useProblems } from "@/app/_components/use-problems";
import { useTranslations } from "use-intl";
import { trpc } from "@/app/_trpc/client";
import type { FindingDto } from "@/server/bible/schemas";
import styles from "./bible.module.css";
import { editorHref } from "./editor-href";

type Words = ReturnType<typeof useTranslations<"bible.checks">>;

/**
 * What a finding says, in the page's language, from its data (the API's `message` is the English
 * of the same sentence, for programs).
 */
function findingSentence(t: Words, finding: FindingDto): string {
  const name = finding.entryName;
  switch (finding.kind) {
    case "after_exit":
      return finding.exitPosition === null
        ? t("finding.afterExitEarlierBook", { name, mentions: finding.mentions ?? 1 })
        : t("finding.afterExit", { name, exit: finding.exitPosition ?? "?", mentions: finding.mentions ?? 1 });
    case "near_name":
      return t("finding.nearName", { variant: finding.text, occurrences: finding.occurrences ?? 1, name });
    case "long_absence":
      return finding.returnsAt == null
        ? t("finding.absentToEnd", { name, gap: finding.absentChapters ?? 0 })
        : t("finding.absentUntil", { name, gap: finding.absentChapters ?? 0, returns: finding.returnsAt });
  }
}

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
  const t = useTranslations("bible.checks");
  const { describeProblem } = useProblems();
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
          label={t("absence")}
          inputMode="numeric"
          defaultValue={String(absence ?? DEFAULT_ABSENCE)}
          error={problem?.fields?.absence}
          autoComplete="off"
        />
        <button type="submit" className="button secondary small">
          {t("again")}
        </button>
      </form>
      {!problem?.fields?.absence && <FormAlert message={problem?.message} />}
      {checks.isLoading && <p className="muted">{t("reading")}</p>}
      {checks.data && (
        <>
          <p className="muted">
            {t("summary", { findings: checks.data.findings.length, chapters: checks.data.chaptersScanned })}
          </p>
          <ol className={styles.findings} lang={book.language}>
            {checks.data.findings.map((finding, index) => (
              <li key={`${finding.kind}:${finding.entryId}:${finding.chapterId}:${finding.offset}:${index}`}>
                <span className={styles.findingKind}>{t(`kind.${finding.kind}`)}</span>
                <span>{findingSentence(t, finding)}</span>
                <span className={styles.small}>
                  <Link href={editorHref(book.id, finding.chapterId, finding.offset, finding.length)}>
                    {t("chapter", { position: finding.position, title: finding.chapterTitle })}
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
