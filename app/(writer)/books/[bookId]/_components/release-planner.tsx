"use client";

import { useEffect, useRef, useState, type FormEvent } from "react";
import { formatDay, todayIn } from "../../../../_components/days";
import { FormAlert } from "../../../../_components/form-alert";
import { formatNumber } from "../../../../_components/format";
import { describeProblem } from "../../../../_components/problem";
import { trpc } from "../../../../_trpc/client";
import styles from "../book.module.css";
import { ReleaseCalendar } from "./release-calendar";
import { ScrollRegion } from "@/app/_components/scroll-region";

const CADENCES = [
  { value: "", label: "No cadence (dates by hand)" },
  { value: "daily", label: "Daily (日更)" },
  { value: "weekdays", label: "Weekdays" },
  { value: "weekly", label: "Weekly" },
] as const;
type Cadence = "daily" | "weekdays" | "weekly";

/** "1 chapter", "3 days" */
const count = (n: number, one: string) => `${formatNumber(n)} ${one}${n === 1 ? "" : "s"}`;

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
  const utils = trpc.useUtils();
  const onSuccess = (saved: NonNullable<typeof plan.data>) => utils.releases.plan.setData({ bookId }, saved);
  const setPlan = trpc.releases.setPlan.useMutation({ onSuccess });
  const setChapter = trpc.releases.setChapter.useMutation({ onSuccess });
  const [month, setMonth] = useState<string | null>(null);
  // The mark being saved, per chapter, set in the click's own render: a controlled box that waited
  // for the mutation's (asynchronously notified) state would spring back under the pointer first.
  const [marking, setMarking] = useState<Record<string, boolean>>({});

  if (plan.error) return <FormAlert message={describeProblem(plan.error)?.message} />;
  if (!plan.data || !settings.data) return <p className="muted">Loading the plan…</p>;
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
          <label htmlFor="plan-cadence">Cadence</label>
          <select id="plan-cadence" name="cadence" defaultValue={p.cadence ?? ""}>
            {CADENCES.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
          {fields.cadence && <p className="field-error">{fields.cadence}</p>}
        </div>
        <div className="field">
          <label htmlFor="plan-per-day">Chapters a release day</label>
          <input
            id="plan-per-day"
            name="releasesPerDay"
            inputMode="numeric"
            defaultValue={p.releasesPerDay}
            aria-invalid={fields.releasesPerDay ? true : undefined}
            aria-describedby="plan-per-day-hint"
          />
          <p id="plan-per-day-hint" className="field-hint">
            2 for 两更. With times: one for each time.
          </p>
          {fields.releasesPerDay && <p className="field-error">{fields.releasesPerDay}</p>}
        </div>
        <div className="field">
          <label htmlFor="plan-times">Release times</label>
          <input
            id="plan-times"
            name="releaseTimes"
            defaultValue={p.releaseTimes.join(", ")}
            placeholder="e.g. 08:00, 20:00"
            aria-invalid={fields.releaseTimes ? true : undefined}
            aria-describedby="plan-times-hint"
          />
          <p id="plan-times-hint" className="field-hint">
            One per chapter of the day, in your time zone ({settings.data.timeZone}). Empty: no times.
          </p>
          {fields.releaseTimes && <p className="field-error">{fields.releaseTimes}</p>}
        </div>
        <div className="field">
          <label htmlFor="plan-start">First release</label>
          <input id="plan-start" name="startDate" type="date" defaultValue={p.startDate ?? today} aria-invalid={fields.startDate ? true : undefined} />
          {fields.startDate && <p className="field-error">{fields.startDate}</p>}
        </div>
        <div className="field">
          <label htmlFor="plan-buffer">Minimum buffer (days)</label>
          <input
            id="plan-buffer"
            name="minimumBufferDays"
            inputMode="numeric"
            defaultValue={p.minimumBufferDays === settings.data.minimumBufferDays ? "" : (p.minimumBufferDays ?? "")}
            placeholder={settings.data.minimumBufferDays !== null ? String(settings.data.minimumBufferDays) : "e.g. 7"}
            aria-describedby="plan-buffer-hint"
            aria-invalid={fields.minimumBufferDays ? true : undefined}
          />
          <p id="plan-buffer-hint" className="field-hint">
            {settings.data.minimumBufferDays !== null ? `Empty: your default, ${count(settings.data.minimumBufferDays, "day")}.` : "Empty: no warning."}
          </p>
          {fields.minimumBufferDays && <p className="field-error">{fields.minimumBufferDays}</p>}
        </div>
        <button type="submit" className="button small" disabled={setPlan.isPending}>
          {setPlan.isPending ? "Planning…" : "Plan releases"}
        </button>
      </form>

      <div role="status" className={p.belowMinimum ? styles.bufferLow : styles.buffer} data-testid="buffer">
        <p>
          <strong>Buffer:</strong> {count(p.bufferChapters, "chapter")} written ahead, {count(p.bufferDays, "day")} of releases
          {p.bufferRunsOut ? `; the first release without a chapter: ${formatDay(p.bufferRunsOut.date)}${p.bufferRunsOut.time ? ` ${p.bufferRunsOut.time}` : ""}.` : "."}
        </p>
        {p.belowMinimum && minimum !== null && (
          <p>
            {p.minimumBufferChapters === null
              ? `Under your minimum of ${count(minimum, "day")}: write ahead or slow the cadence before the buffer runs out.`
              : `Under your minimum of ${count(minimum, "day")} (${count(p.minimumBufferChapters, "chapter")}): write ${count(Math.max(p.minimumBufferChapters - p.bufferChapters, 1), "more chapter")} ahead or slow the cadence.`}
          </p>
        )}
      </div>
      <p className="muted" data-testid="release-streak">
        <strong>Release streak:</strong> {count(p.releaseStreak.current, "release day")} in a row
        {p.releaseStreak.longest > p.releaseStreak.current ? ` (longest ${formatNumber(p.releaseStreak.longest)})` : ""}.
      </p>

      <FormAlert message={chapterProblem?.message} />
      {p.chapters.length === 0 ? (
        <p className="muted">Add chapters to plan their releases.</p>
      ) : (
        <ScrollRegion className={styles.planScroll} label="Release dates, scrolling sideways">
          <table className="table" aria-label="Release dates">
            <thead>
              <tr>
                <th scope="col">Chapter</th>
                <th scope="col">Release date</th>
                <th scope="col">Time</th>
                <th scope="col">Released</th>
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
                      aria-label={`Release date of ${chapter.title}`}
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
                      aria-label={`Release time of ${chapter.title}`}
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
                        aria-label={`${chapter.title} released`}
                        checked={releasing(chapter.chapterId) ?? chapter.releasedAt !== null}
                        disabled={setChapter.isPending}
                        onChange={(event) => mark(chapter.chapterId, event.currentTarget.checked)}
                      />
                      <span aria-hidden="true">Released</span>
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
      <p className="muted">Next release: {nextRelease(p.chapters, today)}</p>
    </>
  );
}

type PlannedChapter = { releaseDate: string | null; releaseTime: string | null; releasedAt: string | null; title: string };

/** The month with the next unreleased chapter's date, or this one. */
function monthOfInterest(chapters: PlannedChapter[], today: string): string {
  const next = chapters.find((c) => c.releasedAt === null && c.releaseDate !== null && c.releaseDate >= today);
  return (next?.releaseDate ?? today).slice(0, 8) + "01";
}

function nextRelease(chapters: PlannedChapter[], today: string): string {
  const when = (c: PlannedChapter) => `${c.releaseDate} ${c.releaseTime ?? ""}`;
  const next = chapters.filter((c) => c.releasedAt === null && c.releaseDate !== null && c.releaseDate >= today).sort((a, b) => when(a).localeCompare(when(b)))[0];
  return next ? `${next.title}, ${formatDay(next.releaseDate!)}${next.releaseTime ? ` ${next.releaseTime}` : ""}` : "none planned";
}
