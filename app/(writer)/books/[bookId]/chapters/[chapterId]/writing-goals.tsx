"use client";

import { useEffect, useState } from "react";
import { useFormatter, useTranslations } from "use-intl";
import { trpc } from "@/app/_trpc/client";
import { PASTE_WORDS } from "@/server/goals/rule";
import styles from "./editor.module.css";
import { useCountWords } from "./use-count-words";
import { restartSession, sessionStart } from "./writing-session";

/** The day's net words as the editor shows them, with what they are made of. */
export interface DayCount {
  /** the writer's calendar day (YYYY-MM-DD in their zone) */
  date: string;
  timeZone: string;
  /** typed less deleted today on every device, with this page's words not yet saved */
  net: number;
  /** this page's words not yet saved (or null: a paste, which the save will count as imported) */
  unsaved: number | null;
  dailyGoal: number | null;
}

/** A signed count: +45, −3,000 (a true minus sign), in the page's way of writing numbers. */
function useSigned() {
  const format = useFormatter();
  return (n: number) => `${n < 0 ? "−" : "+"}${format.number(Math.abs(n))}`;
}

/**
 * Today's net words (typed less deleted, the one rule of server/goals/rule.ts), from the server's
 * ledger (every device's saves), plus what this page has changed since its last confirmed save:
 * offline, or between saves, the figure still moves with the writing, and the next save's total
 * takes over from it. Unsaved words that outnumber a paste's threshold are a paste, which the
 * save counts as imported, not written: they do not move it.
 *
 * saved: the chapter's version and count in its last confirmed save (what the ledger holds).
 */
export function useDayCount(words: number, saved: { version: number; words: number }): DayCount | null {
  const today = trpc.stats.today.useQuery();
  const utils = trpc.useUtils();
  // The count the ledger's figure on screen already includes: moved on once the figure that
  // counts a save has arrived, so the total never jumps between a save and its refetch. Every
  // save is asked about, for one that replaces a word changes the day and leaves the count alone.
  const [counted, setCounted] = useState({ version: saved.version, words: saved.words });
  useEffect(() => {
    if (saved.version === counted.version) return;
    let current = true;
    void utils.stats.today.invalidate().then(() => current && setCounted(saved));
    return () => {
      current = false;
    };
  }, [saved, counted.version, utils]);
  if (!today.data) return null;
  const change = words - counted.words;
  const unsaved = change > PASTE_WORDS ? null : change;
  return { date: today.data.date, timeZone: today.data.timeZone, net: today.data.net + (unsaved ?? 0), unsaved, dailyGoal: today.data.dailyGoal };
}

/** Today's net words beside the chapter's count. */
export function TodayCount({ day }: { day: DayCount | null }) {
  const t = useTranslations("editor.goals");
  const format = useFormatter();
  const signed = useSigned();
  if (!day) return null;
  const goal = day.dailyGoal;
  const title = [
    t("todayTitle", { timeZone: day.timeZone }),
    day.unsaved === null ? t("pasteUnsaved") : day.unsaved !== 0 ? t("unsaved", { change: signed(day.unsaved) }) : null,
    goal !== null ? t(day.net >= goal ? "dailyGoalMet" : "dailyGoal", { goal: format.number(goal) }) : null,
  ]
    .filter(Boolean)
    .join(t("separator"));
  return (
    <span className={styles.today} title={title} data-testid="today-count">
      {t("today", { net: signed(day.net) })}
    </span>
  );
}

/**
 * The session goal as a quiet line under the toolbar, and its figure beside the count; nothing at
 * all when the writer set no session goal. A session counts by the day's rule: the day's net words
 * now, less what they were when it began (writing-session.ts keeps that, per tab).
 */
export function SessionProgress({ day, language }: { day: DayCount; language: string }) {
  const t = useTranslations("editor.goals");
  const format = useFormatter();
  const countWords = useCountWords();
  const settings = trpc.goals.settings.useQuery();
  const [start, setStart] = useState(() => sessionStart(day.date, day.net));
  // A new day (midnight in the writer's zone) begins a new session.
  const begun = start.date === day.date ? start : sessionStart(day.date, day.net);
  const goal = settings.data?.sessionGoal ?? null;
  if (!goal) return null;
  const session = day.net - begun.net;
  const percent = Math.min(100, (Math.max(0, session) / goal) * 100);
  const said = t("sessionSaid", { words: countWords(session, language), goal: format.number(goal) });
  return (
    <>
      <span className={styles.session}>
        <span>
          {t("session", { session: format.number(session).replace("-", "\u2212"), goal: format.number(goal) })}
        </span>
        <button type="button" className="link-button quiet" onClick={() => setStart(restartSession(day.date, day.net))} title={t("restartTitle")}>
          {t("restart")}
        </button>
      </span>
      <span
        className={styles.sessionBar}
        role="progressbar"
        aria-label={t("sessionGoal")}
        aria-valuemin={0}
        aria-valuemax={goal}
        aria-valuenow={Math.min(Math.max(0, session), goal)}
        aria-valuetext={said}
        data-met={session >= goal || undefined}
      >
        <span style={{ width: `${percent}%` }} />
      </span>
    </>
  );
}
