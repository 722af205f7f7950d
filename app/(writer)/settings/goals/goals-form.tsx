"use client";

import { useEffect, useState, type FormEvent } from "react";
import { WEEKDAYS } from "../../../_components/days";
import { Field } from "../../../_components/field";
import { FormAlert } from "../../../_components/form-alert";
import { describeProblem } from "../../../_components/problem";
import { trpc } from "../../../_trpc/client";
import styles from "./goals.module.css";

/** A writer who said "keep UTC" to the offer is not asked again in this browser. */
const KEPT_ZONE_KEY = "inkstone-kept-time-zone";

/** Every IANA zone the browser knows, with the saved one kept even if this browser lacks it. */
function zones(saved: string): string[] {
  const known = Intl.supportedValuesOf("timeZone");
  return known.includes(saved) ? known : [saved, ...known];
}

/** "1,500" and "1 500" are numbers to a writer; anything else goes as typed, for the API to refuse. */
function amount(text: string): number | null {
  const digits = text.replace(/[\s,_']/g, "");
  if (digits === "") return null;
  return /^-?\d+$/.test(digits) ? Number(digits) : (digits as unknown as number);
}

/**
 * The goals form. The server's zone is UTC until the writer picks one; when this browser is
 * elsewhere the form offers its zone, and sets it only when the writer says so.
 */
export function GoalsForm() {
  const settings = trpc.goals.settings.useQuery();
  const utils = trpc.useUtils();
  const update = trpc.goals.updateSettings.useMutation({
    onSuccess: (saved) => {
      utils.goals.settings.setData(undefined, saved);
      void utils.stats.invalidate();
    },
  });
  const problem = describeProblem(update.error);
  const fields = problem?.fields ?? {};
  const [browserZone, setBrowserZone] = useState<string | null>(null);
  const [keptZone, setKeptZone] = useState<string | null>(null);
  useEffect(() => {
    // Known only in the browser, after hydration.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setBrowserZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
    setKeptZone(localStorage.getItem(KEPT_ZONE_KEY));
  }, []);

  if (settings.isPending) return <p className="muted">Loading your goals…</p>;
  if (settings.isError) return <FormAlert message={describeProblem(settings.error)?.message} />;
  const saved = settings.data;
  const offer = saved.timeZone === "UTC" && browserZone && browserZone !== "UTC" && keptZone !== saved.timeZone ? browserZone : null;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (key: string) => String(form.get(key) ?? "");
    update.mutate({
      timeZone: text("timeZone"),
      dailyGoal: amount(text("dailyGoal")),
      sessionGoal: amount(text("sessionGoal")),
      minimumBufferDays: amount(text("minimumBufferDays")),
      daysOff: form.getAll("daysOff").map(Number),
    });
  }

  return (
    <section aria-labelledby="goals-heading" className="panel">
      <h2 id="goals-heading">Your writing day</h2>
      {offer && (
        <div className={styles.offer} role="status">
          <p>
            Your days end at midnight UTC. This browser is in <strong>{offer}</strong>.
          </p>
          <div className="button-row">
            <button type="button" className="button small" disabled={update.isPending} onClick={() => update.mutate({ timeZone: offer })}>
              Use {offer}
            </button>
            <button
              type="button"
              className="button secondary small"
              onClick={() => {
                localStorage.setItem(KEPT_ZONE_KEY, saved.timeZone);
                setKeptZone(saved.timeZone);
              }}
            >
              Keep UTC
            </button>
          </div>
        </div>
      )}
      {/* Keyed by the saved settings, so the fields show what the server holds after each save. */}
      <form key={JSON.stringify(saved)} onSubmit={submit} className="stack" noValidate>
        <FormAlert message={problem?.message} />
        <div className="field">
          <label htmlFor="field-timeZone">Time zone</label>
          <select
            id="field-timeZone"
            name="timeZone"
            defaultValue={saved.timeZone}
            aria-describedby={fields.timeZone ? "field-timeZone-hint field-timeZone-error" : "field-timeZone-hint"}
            aria-invalid={fields.timeZone ? true : undefined}
          >
            {zones(saved.timeZone).map((zone) => (
              <option key={zone} value={zone}>
                {zone.replaceAll("_", " ")}
              </option>
            ))}
          </select>
          <p id="field-timeZone-hint" className="field-hint">
            Where your day starts and ends, for your daily total and streak.
          </p>
          {fields.timeZone && (
            <p id="field-timeZone-error" className="field-error">
              {fields.timeZone}
            </p>
          )}
        </div>
        <div className="field-row">
          <Field
            name="dailyGoal"
            label="Daily goal"
            inputMode="numeric"
            placeholder="e.g. 1000"
            hint="Words (or characters) a day; days that meet it make your streak."
            defaultValue={saved.dailyGoal ?? ""}
            error={fields.dailyGoal}
          />
          <Field
            name="sessionGoal"
            label="Session goal"
            inputMode="numeric"
            placeholder="e.g. 500"
            hint="Shown as a quiet bar in the editor while you write."
            defaultValue={saved.sessionGoal ?? ""}
            error={fields.sessionGoal}
          />
        </div>
        <fieldset className={styles.days} aria-describedby="days-off-hint">
          <legend>Days off</legend>
          <p id="days-off-hint" className="field-hint">
            Days you do not write: deadlines spread the words over the other days, and a day off never breaks a streak.
          </p>
          <div className={styles.dayList}>
            {WEEKDAYS.map((day) => (
              <label key={day.value} className="checkbox">
                <input type="checkbox" name="daysOff" value={day.value} defaultChecked={saved.daysOff.includes(day.value)} />
                <span>{day.name}</span>
              </label>
            ))}
          </div>
          {fields.daysOff && <p className="field-error">{fields.daysOff}</p>}
        </fieldset>
        <Field
          name="minimumBufferDays"
          label="Minimum buffer (days)"
          inputMode="numeric"
          placeholder="e.g. 7"
          hint="For serials: warn me when my chapters written ahead cover fewer days of releases than this."
          defaultValue={saved.minimumBufferDays ?? ""}
          error={fields.minimumBufferDays}
        />
        <div className="button-row">
          <button type="submit" className="button" disabled={update.isPending} aria-busy={update.isPending || undefined}>
            {update.isPending ? "Saving…" : "Save goals"}
          </button>
          {update.isSuccess && !update.isPending && (
            <span role="status" className="muted">
              Saved.
            </span>
          )}
        </div>
      </form>
    </section>
  );
}
