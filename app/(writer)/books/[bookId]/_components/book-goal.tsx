"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useTranslations } from "use-intl";
import type { BookGoal as BookGoalDto } from "@/server/goals/schemas";
import { Field } from "../../../../_components/field";
import { FormAlert } from "../../../../_components/form-alert";
import { useProblems } from "../../../../_components/use-problems";
import { trpc } from "../../../../_trpc/client";
import { useBookFormat } from "../../_components/use-book-format";
import styles from "../book.module.css";
import { useDates } from "@/app/_i18n/use-dates";

/**
 * The book's goal: a target and a deadline, turned into the words a day it takes to finish, counted
 * over the writing days left (days off excluded) and recomputed every day by the server. `initial`
 * is the goal the page was drawn with, so the block is there from the first paint instead of
 * appearing (and pushing everything below it down) when its own request returns.
 */
export function BookGoal({ bookId, language, initial }: { bookId: string; language: string; initial?: BookGoalDto }) {
  const router = useRouter();
  const t = useTranslations("books.goal");
  const format = useBookFormat();
  const dates = useDates();
  const { describeProblem } = useProblems();
  const goal = trpc.goals.book.useQuery({ bookId }, { initialData: initial });
  const utils = trpc.useUtils();
  const [editing, setEditing] = useState(false);
  const set = trpc.goals.setBook.useMutation({
    onSuccess: (saved) => {
      utils.goals.book.setData({ bookId }, saved);
      setEditing(false);
      // The target is the book's own: the progress beside it reads it from the page.
      router.refresh();
    },
  });
  const problem = describeProblem(set.error);
  const fields = problem?.fields ?? {};
  if (!goal.data) return goal.error ? <FormAlert message={describeProblem(goal.error)?.message} /> : null;
  const g = goal.data;
  const words = (n: number) => format.length(n, language);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const target = String(form.get("targetWordCount") ?? "").replace(/[\s,_']/g, "");
    const deadline = String(form.get("deadline") ?? "");
    set.mutate({
      bookId,
      // Not a number: sent as typed, so that the API's schema says what a target must be.
      targetWordCount: target === "" ? null : /^-?\d+$/.test(target) ? Number(target) : (target as unknown as number),
      deadline: deadline === "" ? null : deadline,
    });
  }

  return (
    <div className={styles.goal} aria-labelledby="book-goal-heading" role="group">
      <h2 id="book-goal-heading" className={styles.sideHeading}>
        {t("heading")}
      </h2>
      {g.deadline !== null && g.remaining !== null ? (
        <p data-testid="words-per-day">
          {g.remaining === 0 ? (
            t("reached")
          ) : g.wordsPerDay !== null && g.daysLeft ? (
            t.rich("perDay", {
              words: words(g.wordsPerDay),
              deadline: dates.day(g.deadline),
              days: g.daysLeft,
              remaining: format.number(g.remaining),
              strong: (chunks) => <strong>{chunks}</strong>,
            })
          ) : (
            t("deadlineCome", { remaining: format.number(g.remaining) })
          )}
        </p>
      ) : (
        <p className="muted">{g.targetWordCount === null ? t("noTarget") : t("addDeadline")}</p>
      )}
      <p className="muted">{t("today", { words: words(g.writtenToday) })}</p>
      {editing ? (
        <form onSubmit={submit} className="stack" noValidate>
          <FormAlert message={problem?.message} />
          <Field name="targetWordCount" label={t("target")} inputMode="numeric" placeholder={t("targetPlaceholder")} defaultValue={g.targetWordCount ?? ""} error={fields.targetWordCount} />
          <Field name="deadline" label={t("deadline")} type="date" defaultValue={g.deadline ?? ""} error={fields.deadline} />
          <div className="button-row">
            <button type="submit" className="button small" disabled={set.isPending}>
              {set.isPending ? t("saving") : t("save")}
            </button>
            <button type="button" className="button ghost small" onClick={() => setEditing(false)}>
              {t("cancel")}
            </button>
          </div>
        </form>
      ) : (
        <button type="button" className="button secondary small" onClick={() => setEditing(true)}>
          {g.targetWordCount === null && g.deadline === null ? t("set") : t("change")}
        </button>
      )}
    </div>
  );
}
