"use client";

import Link from "next/link";
import { useState } from "react";
import { useLocale, useTranslations } from "use-intl";
import { isLocale } from "@/i18n/locales";
import { addDays } from "../../_components/days";
import { FormAlert } from "../../_components/form-alert";
import { formatNumber, formatWords } from "../../_components/format";
import { useProblems } from "../../_components/use-problems";
import { ScrollRegion } from "../../_components/scroll-region";
import { useDates } from "../../_i18n/use-dates";
import { trpc } from "../../_trpc/client";
import { BookProgressChart, type ProgressBook } from "./book-progress-chart";
import { WritingCalendar } from "./writing-calendar";
import styles from "./progress.module.css";

/** The last year of writing, as the ledger holds it, ending today in the writer's time zone. */
export function ProgressView({ books, unitLanguage }: { books: ProgressBook[]; unitLanguage: string }) {
  const t = useTranslations("progress");
  const tag = useLocale();
  const locale = isLocale(tag) ? tag : "en";
  const { describeProblem } = useProblems();
  const number = (n: number) => formatNumber(n, locale);
  const day = useDates().day;
  const today = trpc.stats.today.useQuery();
  const to = today.data?.date;
  const from = to ? addDays(to, -364) : undefined;
  const history = trpc.stats.history.useQuery({ from, to }, { enabled: to !== undefined });
  const [bookId, setBookId] = useState(books[0]?.id ?? "");
  const words = (n: number) => formatWords(n, unitLanguage, locale);

  const failed = today.error ?? history.error;
  if (failed) return <FormAlert message={describeProblem(failed)?.message} />;
  if (!today.data || !history.data || !from || !to) return <p className="muted">{t("loading")}</p>;
  const { days, bestDay, averagePerWritingDay, streak, longestStreak, totals } = history.data;
  const goal = today.data.dailyGoal;
  const csv = `/api/v1/stats/history.csv?${new URLSearchParams({ from, to })}`;
  const book = books.find((b) => b.id === bookId);

  return (
    <>
      <p className="muted lede">
        {t.rich("daysEnd", { zone: today.data.timeZone.replaceAll("_", " "), strong: (chunks) => <strong>{chunks}</strong> })}
        {goal !== null ? t("dailyGoal", { goal: words(goal) }) : null}{locale === "en" ? "." : "。"} <Link href="/settings/goals">{t("changeGoals")}</Link>
      </p>

      <dl className={styles.figures} aria-label={t("figures")}>
        <div>
          <dt>{t("today")}</dt>
          <dd data-testid="today-written">{words(today.data.net)}</dd>
          {goal !== null && <dd className={styles.note}>{today.data.met ? t("goalMet") : t("toGo", { count: number(Math.max(0, goal - today.data.net)) })}</dd>}
        </div>
        <div>
          <dt>{t("streak")}</dt>
          <dd>{t("days", { count: streak })}</dd>
          {goal === null && <dd className={styles.note}>{t("streakNote")}</dd>}
        </div>
        <div>
          <dt>{t("longestStreak")}</dt>
          <dd>{t("days", { count: longestStreak })}</dd>
        </div>
        <div>
          <dt>{t("bestDay")}</dt>
          <dd>{bestDay ? words(bestDay.net) : "—"}</dd>
          {bestDay && <dd className={styles.note}>{day(bestDay.date)}</dd>}
        </div>
        <div>
          <dt>{t("average")}</dt>
          <dd>{words(Math.round(averagePerWritingDay))}</dd>
        </div>
        <div>
          <dt>{t("thisYear")}</dt>
          <dd>{words(totals.net)}</dd>
          <dd className={styles.note}>
            {t("typedLessDeleted", { written: number(totals.written), removed: number(totals.removed) })}
            {(totals.imported > 0 || totals.restored > 0) && t("besides", { imported: number(totals.imported), restored: number(totals.restored) })}
          </dd>
        </div>
      </dl>

      <section aria-labelledby="calendar-heading" className={styles.section}>
        <div className={styles.sectionHead}>
          <h2 id="calendar-heading">{t("perDay")}</h2>
          <a href={csv} download className="button secondary small">
            {t("downloadCsv")}
          </a>
        </div>
        <WritingCalendar days={days} from={from} to={to} unitLanguage={unitLanguage} />
        <details className={styles.table}>
          <summary>{t("asTable", { days: t("days", { count: days.length }) })}</summary>
          {days.length === 0 ? (
            <p className="muted">{t("nothingThisYear")}</p>
          ) : (
            <ScrollRegion className={styles.scroll} label={t("tableRegion")}>
              <table className="table" aria-label={t("perDay")}>
                <thead>
                  <tr>
                    <th scope="col">{t("columns.day")}</th>
                    <th scope="col" className="num">{t("columns.net")}</th>
                    <th scope="col" className="num">{t("columns.typed")}</th>
                    <th scope="col" className="num">{t("columns.removed")}</th>
                    <th scope="col" className="num">{t("columns.imported")}</th>
                    <th scope="col" className="num">{t("columns.restored")}</th>
                  </tr>
                </thead>
                <tbody>
                  {[...days].reverse().map((row) => (
                    <tr key={row.date}>
                      <th scope="row">
                        <time dateTime={row.date}>{day(row.date)}</time>
                      </th>
                      <td className="num">{number(row.net)}</td>
                      <td className="num">{number(row.written)}</td>
                      <td className="num">{number(row.removed)}</td>
                      <td className="num">{number(row.imported)}</td>
                      <td className="num">{number(row.restored)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          )}
        </details>
      </section>

      <section aria-labelledby="books-heading" className={styles.section}>
        <h2 id="books-heading">{t("booksOverTime")}</h2>
        {books.length === 0 ? (
          <p className="muted">{t.rich("noBooks", { link: (chunks) => <Link href="/books">{chunks}</Link> })}</p>
        ) : (
          <>
            <div className={`field ${styles.bookPick}`}>
              <label htmlFor="progress-book">{t("book")}</label>
              <select id="progress-book" value={bookId} onChange={(event) => setBookId(event.target.value)}>
                {books.map((b) => (
                  <option key={b.id} value={b.id} lang={b.language}>
                    {b.title}
                  </option>
                ))}
              </select>
            </div>
            {book && <BookProgressChart book={book} />}
          </>
        )}
      </section>
    </>
  );
}
