"use client";

import { useFormatter, useTranslations } from "use-intl";
import { addDays, monthStart, WEEKDAYS, weekday } from "../../../../_components/days";
import { useBookFormat } from "../../_components/use-book-format";
import styles from "../book.module.css";

interface PlannedChapter {
  chapterId: string;
  title: string;
  releaseDate: string | null;
  releaseTime: string | null;
  releasedAt: string | null;
}

/** The day a chapter is (or was) out: its planned date, or the day it was marked released. */
function releaseDay(chapter: PlannedChapter, timeZone: string): string | null {
  if (chapter.releaseDate) return chapter.releaseDate;
  if (!chapter.releasedAt) return null;
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(chapter.releasedAt));
}

/**
 * The plan as a month: a table of weeks (Monday first), each day with the chapters out that day.
 * A table, so a screen reader reads it by row and column like any calendar.
 */
export function ReleaseCalendar({
  chapters,
  timeZone,
  today,
  month,
  onMonth,
  language,
}: {
  chapters: PlannedChapter[];
  timeZone: string;
  today: string;
  month: string;
  onMonth: (month: string) => void;
  language: string;
}) {
  const t = useTranslations("books.plan");
  const format = useBookFormat();
  const intl = useFormatter();
  const monthName = format.month(month);
  /** A weekday's name, short and long, in the page's language: any date on that weekday will do (2024-01-07 was a Sunday). */
  const weekdayName = (value: number, width: "short" | "long") => intl.dateTime(new Date(Date.UTC(2024, 0, 7 + value, 12)), { weekday: width, timeZone: "UTC" });
  const byDay = new Map<string, PlannedChapter[]>();
  for (const chapter of chapters) {
    const day = releaseDay(chapter, timeZone);
    if (day) byDay.set(day, [...(byDay.get(day) ?? []), chapter]);
  }
  const first = addDays(month, -((weekday(month) + 6) % 7));
  const next = monthStart(month, 1);
  const weeks: string[][] = [];
  for (let start = first; start < next; start = addDays(start, 7)) weeks.push(Array.from({ length: 7 }, (_, i) => addDays(start, i)));

  return (
    <div className={styles.calendar}>
      <div className={styles.calendarHead}>
        <button type="button" className="button ghost small" onClick={() => onMonth(monthStart(month, -1))} aria-label={t("previousMonth")}>
          ←
        </button>
        <h3 aria-live="polite">{monthName}</h3>
        <button type="button" className="button ghost small" onClick={() => onMonth(monthStart(month, 1))} aria-label={t("nextMonth")}>
          →
        </button>
      </div>
      <table className={styles.month} aria-label={t("releasesIn", { month: monthName })}>
        <thead>
          <tr>
            {WEEKDAYS.map((day) => (
              <th key={day.value} scope="col" abbr={weekdayName(day.value, "long")}>
                {weekdayName(day.value, "short")}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]}>
              {week.map((day) => {
                const out = byDay.get(day) ?? [];
                const inMonth = day.slice(0, 7) === month.slice(0, 7);
                return (
                  <td key={day} data-outside={inMonth ? undefined : true} aria-current={day === today ? "date" : undefined}>
                    <span className={styles.dayNumber}>{Number(day.slice(8))}</span>
                    {inMonth && out.length > 0 && (
                      <ul lang={language}>
                        {out.map((chapter) => (
                          <li key={chapter.chapterId} data-released={chapter.releasedAt !== null || undefined}>
                            {chapter.releasedAt !== null && <span aria-label={t("releasedMark")}>✓ </span>}
                            {chapter.releaseTime && <time className={styles.releaseTime}>{chapter.releaseTime} </time>}
                            {chapter.title}
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
