"use client";

import Link from "next/link";
import { useState } from "react";
import { FormAlert } from "@/app/_components/form-alert";
import { useProblems } from "@/app/_components/use-problems";
import { useFormatter, useTranslations } from "use-intl";
import { trpc } from "@/app/_trpc/client";
import styles from "./bible.module.css";
import { editorHref } from "./editor-href";
import { Pager } from "./pager";

const PER_PAGE = 100;

/**
 * Where the book names the entry: the chapters (with counts), the first and last appearance, and
 * every mention in its sentence, each a link to the editor with the name selected.
 */
export function EntryMentions({ bookId, language, entryId }: { bookId: string; language: string; entryId: string }) {
  const t = useTranslations("bible.mentions");
  const format = useFormatter();
  const { describeProblem } = useProblems();
  const [chapterId, setChapterId] = useState<string | undefined>();
  const [page, setPage] = useState(1);
  const found = trpc.bible.mentions.useQuery({ bookId, entryId, page, perPage: PER_PAGE, ...(chapterId ? { chapterId } : {}) });
  const data = found.data;
  const pages = data ? Math.max(1, Math.ceil(data.mentions.total / PER_PAGE)) : 1;
  return (
    <section className={styles.section} aria-labelledby="mentions-heading">
      <h2 id="mentions-heading">{t("heading")}</h2>
      <FormAlert message={describeProblem(found.error)?.message} />
      {data && data.total === 0 && <p className="muted">{t("none")}</p>}
      {data && data.total > 0 && (
        <>
          <p>
            {t("counts", { total: data.total, chapters: data.chapters.length })}
            {data.first && (
              <>
                {" "}
                {t.rich("firstIn", {
                  title: data.first.chapterTitle,
                  link: (title) => (
                    <Link href={editorHref(bookId, data.first!.chapterId, data.first!.start, 0)} lang={language}>
                      {title}
                    </Link>
                  ),
                })}
              </>
            )}
            {data.last &&
              t.rich("lastIn", {
                title: data.last.chapterTitle,
                link: (title) => (
                  <Link href={editorHref(bookId, data.last!.chapterId, data.last!.start, 0)} lang={language}>
                    {title}
                  </Link>
                ),
              })}
          </p>
          <ul className={styles.chapterCounts} aria-label={t("chaptersLabel")} lang={language}>
            {data.chapters.map((chapter) => (
              <li key={chapter.chapterId}>
                <button
                  type="button"
                  className={styles.filter}
                  aria-pressed={chapterId === chapter.chapterId}
                  onClick={() => {
                    setChapterId(chapterId === chapter.chapterId ? undefined : chapter.chapterId);
                    setPage(1);
                  }}
                >
                  {t("chapter", { position: chapter.position, title: chapter.title })} <span className="muted">{format.number(chapter.count)}</span>
                </button>
              </li>
            ))}
          </ul>
          <ol className={styles.mentions}>
            {data.mentions.items.map((mention) => {
              const at = mention.start - mention.sentenceStart;
              return (
                <li key={`${mention.chapterId}:${mention.start}`}>
                  <Link href={editorHref(bookId, mention.chapterId, mention.start, mention.end - mention.start)} lang={language}>
                    {t("chapter", { position: mention.position, title: mention.chapterTitle })}
                  </Link>
                  <p className={styles.sentence} lang={language}>
                    {mention.sentence.slice(0, at)}
                    <mark>{mention.sentence.slice(at, at + mention.end - mention.start)}</mark>
                    {mention.sentence.slice(at + mention.end - mention.start)}
                  </p>
                </li>
              );
            })}
          </ol>
          <Pager page={page} pages={pages} onPage={setPage} />
        </>
      )}
    </section>
  );
}
