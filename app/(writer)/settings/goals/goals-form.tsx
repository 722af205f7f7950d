"use client";

import { useEffect, useState, type FormEvent } from "react";
import { useTranslations } from "use-intl";
import { WEEKDAYS } from "../../../_components/days";
import { Field } from "../../../_components/field";
import { FormAlert } from "../../../_components/form-alert";
import { useProblems } from "../../../_components/use-problems";
import { useDates } from "../../../_i18n/use-dates";
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
  const t = useTranslations("settings.goals");
  const saving = useTranslations("settings");
  const dates = useDates();
  const { describeProblem } = useProblems();
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

  if (settings.isPending) return <p className="muted">{t("loading")}</p>;
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
      <h2 id="goals-heading">{t("day")}</h2>
      {offer && (
        <div className={styles.offer} role="status">
          <p>{t.rich("offer", { zone: offer, strong: (chunks) => <strong>{chunks}</strong> })}</p>
          <div className="button-row">
            <button type="button" className="button small" disabled={update.isPending} onClick={() => update.mutate({ timeZone: offer })}>
              {t("use", { zone: offer })}
            </button>
            <button
              type="button"
              className="button secondary small"
              onClick={() => {
                localStorage.setItem(KEPT_ZONE_KEY, saved.timeZone);
                setKeptZone(saved.timeZone);
              }}
            >
              {t("keepUtc")}
            </button>
          </div>
        </div>
      )}
      {/* Keyed by the saved settings, so the fields show what the server holds after each save. */}
      <form key={JSON.stringify(saved)} onSubmit={submit} className="stack" noValidate>
        <FormAlert message={problem?.message} />
        <div className="field">
          <label htmlFor="field-timeZone">{t("timeZone")}</label>
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
            {t("timeZoneHint")}
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
            label={t("daily")}
            inputMode="numeric"
            placeholder={t("dailyPlaceholder")}
            hint={t("dailyHint")}
            defaultValue={saved.dailyGoal ?? ""}
            error={fields.dailyGoal}
          />
          <Field
            name="sessionGoal"
            label={t("session")}
            inputMode="numeric"
            placeholder={t("sessionPlaceholder")}
            hint={t("sessionHint")}
            defaultValue={saved.sessionGoal ?? ""}
            error={fields.sessionGoal}
          />
        </div>
        <fieldset className={styles.days} aria-describedby="days-off-hint">
          <legend>{t("daysOff")}</legend>
          <p id="days-off-hint" className="field-hint">
            {t("daysOffHint")}
          </p>
          <div className={styles.dayList}>
            {WEEKDAYS.map((day) => (
              <label key={day} className="checkbox">
                <input type="checkbox" name="daysOff" value={day} defaultChecked={saved.daysOff.includes(day)} />
                <span>{dates.weekday(day)}</span>
              </label>
            ))}
          </div>
          {fields.daysOff && <p className="field-error">{fields.daysOff}</p>}
        </fieldset>
        <Field
          name="minimumBufferDays"
          label={t("buffer")}
          inputMode="numeric"
          placeholder={t("bufferPlaceholder")}
          hint={t("bufferHint")}
          defaultValue={saved.minimumBufferDays ?? ""}
          error={fields.minimumBufferDays}
        />
        <div className="button-row">
          <button type="submit" className="button" disabled={update.isPending} aria-busy={update.isPending || undefined}>
            {update.isPending ? saving("saving") : t("save")}
          </button>
          {update.isSuccess && !update.isPending && (
            <span role="status" className="muted">
              {saving("saved")}
            </span>
          )}
        </div>
      </form>
    </section>
  );
}
