"use client";

import Link from "next/link";
import { useState } from "react";
import { addDays, formatDay } from "../../_components/days";
import { FormAlert } from "../../_components/form-alert";
import { formatNumber, formatWords } from "../../_components/format";
import { describeProblem } from "../../_components/problem";
import { ScrollRegion } from "../../_components/scroll-region";
import { trpc } from "../../_trpc/client";
import { BookProgressChart, type ProgressBook } from "./book-progress-chart";
import { WritingCalendar } from "./writing-calendar";
import styles from "./progress.module.css";

/** The last year of writing, as the ledger holds it, ending today in the writer's time zone. */
export function ProgressView({ books, unitLanguage }: { books: ProgressBook[]; unitLanguage: string }) {
  const today = trpc.stats.today.useQuery();
  const to = today.data?.date;
  const from = to ? addDays(to, -364) : undefined;
  const history = trpc.stats.history.useQuery({ from, to }, { enabled: to !== undefined });
  const [bookId, setBookId] = useState(books[0]?.id ?? "");
  const words = (n: number) => formatWords(n, unitLanguage);

  const failed = today.error ?? history.error;
  if (failed) return <FormAlert message={describeProblem(failed)?.message} />;
  if (!today.data || !history.data || !from || !to) return <p className="muted">Loading your history…</p>;
  const { days, bestDay, averagePerWritingDay, streak, longestStreak, totals } = history.data;
  const goal = today.data.dailyGoal;
  const csv = `/api/v1/stats/history.csv?${new URLSearchParams({ from, to })}`;
  const book = books.find((b) => b.id === bookId);

  return (
    <>
      <p className="muted lede">
        Days end at midnight in <strong>{today.data.timeZone.replaceAll("_", " ")}</strong>
        {goal !== null ? <>; your daily goal is {words(goal)}</> : null}. <Link href="/settings/goals">Change your goals</Link>
      </p>

      <dl className={styles.figures} aria-label="Your writing in figures">
        <div>
          <dt>Today</dt>
          <dd data-testid="today-written">{words(today.data.net)}</dd>
          {goal !== null && <dd className={styles.note}>{today.data.met ? "Goal met" : `${formatNumber(Math.max(0, goal - today.data.net))} to go`}</dd>}
        </div>
        <div>
          <dt>Streak</dt>
          <dd>{streak === 1 ? "1 day" : `${formatNumber(streak)} days`}</dd>
          {goal === null && <dd className={styles.note}>Days that came out ahead; set a daily goal to raise the bar</dd>}
        </div>
        <div>
          <dt>Longest streak</dt>
          <dd>{longestStreak === 1 ? "1 day" : `${formatNumber(longestStreak)} days`}</dd>
        </div>
        <div>
          <dt>Best day</dt>
          <dd>{bestDay ? words(bestDay.net) : "—"}</dd>
          {bestDay && <dd className={styles.note}>{formatDay(bestDay.date)}</dd>}
        </div>
        <div>
          <dt>Average per writing day</dt>
          <dd>{words(Math.round(averagePerWritingDay))}</dd>
        </div>
        <div>
          <dt>Written this year</dt>
          <dd>{words(totals.net)}</dd>
          <dd className={styles.note}>
            {formatNumber(totals.written)} typed less {formatNumber(totals.removed)} deleted
            {(totals.imported > 0 || totals.restored > 0) && <>; besides, {formatNumber(totals.imported)} imported, {formatNumber(totals.restored)} restored</>}
          </dd>
        </div>
      </dl>

      <section aria-labelledby="calendar-heading" className={styles.section}>
        <div className={styles.sectionHead}>
          <h2 id="calendar-heading">Words per day</h2>
          <a href={csv} download className="button secondary small">
            Download CSV
          </a>
        </div>
        <WritingCalendar days={days} from={from} to={to} unitLanguage={unitLanguage} />
        <details className={styles.table}>
          <summary>The days as a table ({days.length === 1 ? "1 day" : `${formatNumber(days.length)} days`} with writing)</summary>
          {days.length === 0 ? (
            <p className="muted">Nothing written in this year yet.</p>
          ) : (
            <ScrollRegion className={styles.scroll} label="Words per day, as a table">
              <table className="table" aria-label="Words per day">
                <thead>
                  <tr>
                    <th scope="col">Day</th>
                    <th scope="col" className="num">Net</th>
                    <th scope="col" className="num">Typed</th>
                    <th scope="col" className="num">Removed</th>
                    <th scope="col" className="num">Imported</th>
                    <th scope="col" className="num">Restored</th>
                  </tr>
                </thead>
                <tbody>
                  {[...days].reverse().map((day) => (
                    <tr key={day.date}>
                      <th scope="row">
                        <time dateTime={day.date}>{formatDay(day.date)}</time>
                      </th>
                      <td className="num">{formatNumber(day.net)}</td>
                      <td className="num">{formatNumber(day.written)}</td>
                      <td className="num">{formatNumber(day.removed)}</td>
                      <td className="num">{formatNumber(day.imported)}</td>
                      <td className="num">{formatNumber(day.restored)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          )}
        </details>
      </section>

      <section aria-labelledby="books-heading" className={styles.section}>
        <h2 id="books-heading">Books over time</h2>
        {books.length === 0 ? (
          <p className="muted">
            No books yet. <Link href="/books">Start one</Link>.
          </p>
        ) : (
          <>
            <div className={`field ${styles.bookPick}`}>
              <label htmlFor="progress-book">Book</label>
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
