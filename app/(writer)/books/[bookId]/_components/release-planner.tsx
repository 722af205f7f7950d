"use client";

import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useTranslations } from "use-intl";
import { todayIn } from "../../../../_components/days";
import { FormAlert } from "../../../../_components/form-alert";
import { useProblems } from "../../../../_components/use-problems";
import { trpc } from "../../../../_trpc/client";
import { useBookFormat } from "../../_components/use-book-format";
import styles from "../book.module.css";
import { ReleaseCalendar } from "./release-calendar";
import { ScrollRegion } from "@/app/_components/scroll-region";
import { useDates } from "@/app/_i18n/use-dates";
import type { Dates } from "@/i18n/dates";

/** Each cadence, named by `books.plan.<key>`. */
const CADENCES = [
  { value: "", key: "noCadence" },
  { value: "daily", key: "daily" },
  { value: "weekdays", key: "weekdays" },
  { value: "weekly", key: "weekly" },
] as const;
type Cadence = "daily" | "weekdays" | "weekly";

/** "08:00, 20:00" as typed (commas, spaces or 、 between) → ["08:00", "20:00"]; the server checks each. */
const typedTimes = (text: string) => text.split(/[\s,，、]+/).filter((time) => time !== "");

/**
 * The release planner for serials: a cadence that dates the unreleased chapters in book order,
 * each chapter's date and released mark, and the buffer (存稿) of chapters written ahead.
 * `chapters` is the page's chapter list as the server rendered it (ids and titles, in order): when
 * it changes (a chapter added, trashed, restored, renamed or moved, here or in another tab), the
 * plan is read again, since its cached copy still lists the book as it was.
 */
export function ReleasePlanner({ bookId, language, chapters }: { bookId: string; language: string; chapters: string }) {
  const plan = trpc.releases.plan.useQuery({ bookId });
  const { refetch } = plan;
  const rendered = useRef(chapters);
  useEffect(() => {
    if (rendered.current === chapters) return;
    rendered.current = chapters;
    void refetch();
  }, [chapters, refetch]);
  const settings = trpc.goals.settings.useQuery();
  const t = useTranslations("books.plan");
  const format = useBookFormat();
  const dates = useDates();
  const { describeProblem } = useProblems();
  const utils = trpc.useUtils();
  const onSuccess = (saved: NonNullable<typeof plan.data>) => utils.releases.plan.setData({ bookId }, saved);
  const setPlan = trpc.releases.setPlan.useMutation({ onSuccess });
  const setChapter = trpc.releases.setChapter.useMutation({ onSuccess });
  const [month, setMonth] = useState<string | null>(null);
  // The mark being saved, per chapter, set in the click's own render: a controlled box that waited
  // for the mutation's (asynchronously notified) state would spring back under the pointer first.
  const [marking, setMarking] = useState<Record<string, boolean>>({});

  if (plan.error) return <FormAlert message={describeProblem(plan.error)?.message} />;
  if (!plan.data || !settings.data) return <p className="muted">{t("loading")}</p>;
  const p = plan.data;
  const today = todayIn(settings.data.timeZone);
  const problem = describeProblem(setPlan.error);
  const fields = problem?.fields ?? {};
  const chapterProblem = describeProblem(setChapter.error);
  /** The mark being saved for a chapter, shown at once (the box follows the click, not the round trip). */
  const releasing = (chapterId: string): boolean | undefined => marking[chapterId];
  function mark(chapterId: string, released: boolean) {
    setMarking((now) => ({ ...now, [chapterId]: released }));
    const settle = () => setMarking((now) => Object.fromEntries(Object.entries(now).filter(([id]) => id !== chapterId)));
    setChapter.mutate({ bookId, chapterId, released }, { onSettled: settle });
  }
  // The plan answers the book's own minimum or else the writer's; only the book's own fills the field.
  const minimum = p.minimumBufferDays;
  const bufferCounts = { chapters: t("chapters", { count: p.bufferChapters }), days: t("days", { count: p.bufferDays }) };
  const strong = (chunks: ReactNode) => <strong>{chunks}</strong>;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (key: string) => String(form.get(key) ?? "").trim();
    const buffer = text("minimumBufferDays");
    const perDay = text("releasesPerDay");
    // A number as typed goes as a number; anything else goes as typed, for the server's 422 to name.
    const whole = (value: string) => (/^-?\d+$/.test(value) ? Number(value) : (value as unknown as number));
    const times = typedTimes(text("releaseTimes"));
    // Times name the day's chapters: with times typed, the count goes only if the writer changed it
    // (two times under the stored "1" are two a day; a changed count that disagrees is the server's 422).
    const sendCount = perDay !== "" && (times.length === 0 || perDay !== String(p.releasesPerDay));
    setPlan.mutate({
      bookId,
      cadence: (text("cadence") || null) as Cadence | null,
      startDate: text("startDate") || null,
      minimumBufferDays: buffer === "" ? null : whole(buffer),
      ...(sendCount && { releasesPerDay: whole(perDay) }),
      releaseTimes: times,
    });
  }

  return (
    <>
      <form key={`${p.cadence}|${p.startDate}|${p.minimumBufferDays}|${p.releasesPerDay}|${p.releaseTimes.join()}`} onSubmit={submit} className={styles.planForm} noValidate>
        <FormAlert message={problem?.message} />
        <div className="field">
          <label htmlFor="plan-cadence">{t("cadence")}</label>
          <select id="plan-cadence" name="cadence" defaultValue={p.cadence ?? ""}>
            {CADENCES.map((c) => (
              <option key={c.value} value={c.value}>
                {t(c.key)}
              </option>
            ))}
          </select>
          {fields.cadence && <p className="field-error">{fields.cadence}</p>}
        </div>
        <div className="field">
          <label htmlFor="plan-per-day">{t("perDay")}</label>
          <input
            id="plan-per-day"
            name="releasesPerDay"
            inputMode="numeric"
            defaultValue={p.releasesPerDay}
            aria-invalid={fields.releasesPerDay ? true : undefined}
            aria-describedby="plan-per-day-hint"
          />
          <p id="plan-per-day-hint" className="field-hint">
            {t("perDayHint")}
          </p>
          {fields.releasesPerDay && <p className="field-error">{fields.releasesPerDay}</p>}
        </div>
        <div className="field">
          <label htmlFor="plan-times">{t("times")}</label>
          <input
            id="plan-times"
            name="releaseTimes"
            defaultValue={p.releaseTimes.join(", ")}
            placeholder={t("timesPlaceholder")}
            aria-invalid={fields.releaseTimes ? true : undefined}
            aria-describedby="plan-times-hint"
          />
          <p id="plan-times-hint" className="field-hint">
            {t("timesHint", { timeZone: settings.data.timeZone })}
          </p>
          {fields.releaseTimes && <p className="field-error">{fields.releaseTimes}</p>}
        </div>
        <div className="field">
          <label htmlFor="plan-start">{t("start")}</label>
          <input id="plan-start" name="startDate" type="date" defaultValue={p.startDate ?? today} aria-invalid={fields.startDate ? true : undefined} />
          {fields.startDate && <p className="field-error">{fields.startDate}</p>}
        </div>
        <div className="field">
          <label htmlFor="plan-buffer">{t("buffer")}</label>
          <input
            id="plan-buffer"
            name="minimumBufferDays"
            inputMode="numeric"
            defaultValue={p.minimumBufferDays === settings.data.minimumBufferDays ? "" : (p.minimumBufferDays ?? "")}
            placeholder={settings.data.minimumBufferDays !== null ? String(settings.data.minimumBufferDays) : t("bufferPlaceholder")}
            aria-describedby="plan-buffer-hint"
            aria-invalid={fields.minimumBufferDays ? true : undefined}
          />
          <p id="plan-buffer-hint" className="field-hint">
            {settings.data.minimumBufferDays !== null ? t("bufferDefault", { days: t("days", { count: settings.data.minimumBufferDays }) }) : t("bufferNone")}
          </p>
          {fields.minimumBufferDays && <p className="field-error">{fields.minimumBufferDays}</p>}
        </div>
        <button type="submit" className="button small" disabled={setPlan.isPending}>
          {setPlan.isPending ? t("planning") : t("plan")}
        </button>
      </form>

      <div role="status" className={p.belowMinimum ? styles.bufferLow : styles.buffer} data-testid="buffer">
        <p>
          {p.bufferRunsOut
            ? t.rich("bufferLineRunsOut", { ...bufferCounts, when: dates.day(p.bufferRunsOut.date, p.bufferRunsOut.time), strong })
            : t.rich("bufferLine", { ...bufferCounts, strong })}
        </p>
        {p.belowMinimum && minimum !== null && (
          <p>
            {p.minimumBufferChapters === null
              ? t("underMinimum", { days: t("days", { count: minimum }) })
              : t("underMinimumChapters", {
                  days: t("days", { count: minimum }),
                  chapters: t("chapters", { count: p.minimumBufferChapters }),
                  more: t("moreChapters", { count: Math.max(p.minimumBufferChapters - p.bufferChapters, 1) }),
                })}
          </p>
        )}
      </div>
      <p className="muted" data-testid="release-streak">
        {p.releaseStreak.longest > p.releaseStreak.current
          ? t.rich("streakLongest", { days: t("releaseDays", { count: p.releaseStreak.current }), longest: format.number(p.releaseStreak.longest), strong })
          : t.rich("streak", { days: t("releaseDays", { count: p.releaseStreak.current }), strong })}
      </p>

      <FormAlert message={chapterProblem?.message} />
      {p.chapters.length === 0 ? (
        <p className="muted">{t("addChapters")}</p>
      ) : (
        <ScrollRegion className={styles.planScroll} label={t("scroll")}>
          <table className="table" aria-label={t("table")}>
            <thead>
              <tr>
                <th scope="col">{t("chapter")}</th>
                <th scope="col">{t("releaseDate")}</th>
                <th scope="col">{t("time")}</th>
                <th scope="col">{t("released")}</th>
              </tr>
            </thead>
            <tbody>
              {p.chapters.map((chapter) => (
                <tr key={chapter.chapterId}>
                  <th scope="row" lang={language}>
                    <span className="muted">{chapter.position}.</span> {chapter.title}
                  </th>
                  <td>
                    <input
                      type="date"
                      aria-label={t("dateOf", { title: chapter.title })}
                      defaultValue={chapter.releaseDate ?? ""}
                      key={chapter.releaseDate ?? ""}
                      onBlur={(event) => {
                        const value = event.currentTarget.value || null;
                        if (value !== chapter.releaseDate) setChapter.mutate({ bookId, chapterId: chapter.chapterId, releaseDate: value });
                      }}
                    />
                  </td>
                  <td>
                    <input
                      type="time"
                      className={styles.timeInput}
                      aria-label={t("timeOf", { title: chapter.title })}
                      defaultValue={chapter.releaseTime ?? ""}
                      key={chapter.releaseTime ?? ""}
                      onBlur={(event) => {
                        const value = event.currentTarget.value || null;
                        if (value !== chapter.releaseTime) setChapter.mutate({ bookId, chapterId: chapter.chapterId, releaseTime: value });
                      }}
                    />
                  </td>
                  <td>
                    <label className="checkbox">
                      <input
                        type="checkbox"
                        aria-label={t("releasedOf", { title: chapter.title })}
                        checked={releasing(chapter.chapterId) ?? chapter.releasedAt !== null}
                        disabled={setChapter.isPending}
                        onChange={(event) => mark(chapter.chapterId, event.currentTarget.checked)}
                      />
                      <span aria-hidden="true">{t("released")}</span>
                    </label>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}

      <ReleaseCalendar
        chapters={p.chapters}
        timeZone={settings.data.timeZone}
        today={today}
        month={month ?? monthOfInterest(p.chapters, today)}
        onMonth={setMonth}
        language={language}
      />
      <p className="muted">{t("next", { next: nextRelease(p.chapters, today, t, dates) })}</p>
    </>
  );
}

type PlannedChapter = { releaseDate: string | null; releaseTime: string | null; releasedAt: string | null; title: string };

/** The month with the next unreleased chapter's date, or this one. */
function monthOfInterest(chapters: PlannedChapter[], today: string): string {
  const next = chapters.find((c) => c.releasedAt === null && c.releaseDate !== null && c.releaseDate >= today);
  return (next?.releaseDate ?? today).slice(0, 8) + "01";
}



function nextRelease(chapters: PlannedChapter[], today: string, t: ReturnType<typeof useTranslations<"books.plan">>, dates: Dates): string {
  const order = (c: PlannedChapter) => `${c.releaseDate} ${c.releaseTime ?? ""}`;
  const next = chapters.filter((c) => c.releasedAt === null && c.releaseDate !== null && c.releaseDate >= today).sort((a, b) => order(a).localeCompare(order(b)))[0];
  return next ? t("nextChapter", { title: next.title, when: dates.day(next.releaseDate!, next.releaseTime) }) : t("nonePlanned");
}
