"use client";

import { useEffect, useState } from "react";
import { formatNumber, formatWords } from "@/app/_components/format";
import { trpc } from "@/app/_trpc/client";
import styles from "./editor.module.css";

/**
 * Today's words, from the server's ledger (every device's saves), plus what this page has typed
 * since its last confirmed save: offline, or between saves, the figure still moves with the
 * writing, and the next save's total takes over from it.
 *
 * saved: the chapter's version and count in its last confirmed save (what the ledger holds).
 */
export function TodayCount({ words, saved }: { words: number; saved: { version: number; words: number } }) {
  const today = trpc.stats.today.useQuery();
  const utils = trpc.useUtils();
  // The count the ledger's figure on screen already includes: moved on once the figure that
  // counts a save has arrived, so the total never dips between a save and its refetch. Every
  // save is asked about, for one that replaces a word adds to the day and leaves the count alone.
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
  const unsaved = Math.max(0, words - counted.words);
  const total = today.data.written + unsaved;
  const goal = today.data.dailyGoal;
  const title = [
    `Words written today on all your devices (${today.data.timeZone})`,
    unsaved > 0 ? `${formatNumber(unsaved)} not saved yet` : null,
    goal !== null ? `daily goal ${formatNumber(goal)}${total >= goal ? ", met" : ""}` : null,
  ]
    .filter(Boolean)
    .join("; ");
  return (
    <span className={styles.today} title={title} data-testid="today-count">
      +{formatNumber(total)} today
    </span>
  );
}

/**
 * The session goal as a quiet line under the toolbar, and its figure beside the count; nothing at
 * all when the writer set no session goal.
 */
export function SessionProgress({ session, language, onRestart }: { session: number; language: string; onRestart: () => void }) {
  const settings = trpc.goals.settings.useQuery();
  const goal = settings.data?.sessionGoal ?? null;
  if (!goal) return null;
  const percent = Math.min(100, (session / goal) * 100);
  const said = `${formatWords(session, language)} of ${formatNumber(goal)} this session`;
  return (
    <>
      <span className={styles.session}>
        <span>
          {formatNumber(session)} / {formatNumber(goal)} session
        </span>
        <button type="button" className="link-button quiet" onClick={onRestart} title="Count this session from now">
          Restart
        </button>
      </span>
      <span
        className={styles.sessionBar}
        role="progressbar"
        aria-label="Session goal"
        aria-valuemin={0}
        aria-valuemax={goal}
        aria-valuenow={Math.min(session, goal)}
        aria-valuetext={said}
        data-met={session >= goal || undefined}
      >
        <span style={{ width: `${percent}%` }} />
      </span>
    </>
  );
}
