"use client";

import { useTranslations } from "use-intl";
import { addDays, dayIn, monthStart, WEEKDAYS, weekday } from "../../../../_components/days";
import { useDates } from "../../../../_i18n/use-dates";
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
  return dayIn(timeZone, chapter.releasedAt);
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
  const dates = useDates();
  const monthName = dates.month(month);
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
              <th key={day} scope="col" abbr={dates.weekday(day, "long")}>
                {dates.weekday(day, "short")}
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
                            {chapter.releaseTime && <time className={styles.releaseTime}>{dates.time(chapter.releaseTime)} </time>}
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
