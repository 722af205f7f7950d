"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState, type FormEvent } from "react";
import { Field, SelectField } from "../../../_components/field";
import { FormAlert } from "../../../_components/form-alert";
import { trpc } from "../../../_trpc/client";
import { useProblems } from "../../../_components/use-problems";
import { useTranslations } from "use-intl";
import { jobSettled, runProgress } from "./run-progress";
import styles from "../../templates/_components/analysis.module.css";

/**
 * Runs an installed template, or every installed one at once (the book read once for all; results
 * kept for this book version are reused); a long run is followed through its job until the result
 * is kept, and the first result opens.
 */
export function RunForm({ bookId, templates, chosen }: { bookId: string; templates: { id: string; name: string }[]; chosen?: string }) {
  const router = useRouter();
  const t = useTranslations("analysis.run");
  const problems = useProblems();
  const [jobId, setJobId] = useState<string | null>(null);
  const open = (analysisId: string) => router.push(`/analyze/${bookId}?analysis=${encodeURIComponent(analysisId)}`);
  const run = trpc.analysis.run.useMutation({
    onSuccess: (outcome) => (outcome.status === "done" ? open(outcome.analysis.id) : setJobId(outcome.job.id)),
  });
  // Every installed template on one reading of the book: the first result opens, the rest are kept.
  const runAll = trpc.analysis.runMany.useMutation({
    onSuccess: (outcome) => (outcome.status === "done" || !outcome.job ? open(outcome.analyses[0]!.id) : setJobId(outcome.job.id)),
  });
  const job = trpc.jobs.get.useQuery({ jobId: jobId ?? "" }, { enabled: jobId !== null, refetchInterval: (q) => (jobSettled(q.state.data, q.state.error) ? false : 1000) });
  const { busy, message, fields, analysisId: finished } = runProgress({
    runPending: run.isPending || runAll.isPending,
    runError: run.error ?? runAll.error,
    jobId,
    job: job.data,
    jobError: job.error,
    problems,
  });
  useEffect(() => {
    if (finished) router.push(`/analyze/${bookId}?analysis=${encodeURIComponent(finished)}`);
  }, [finished, bookId, router]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const list = (field: string) =>
      String(form.get(field) ?? "")
        .split(/[,，、\n]/)
        .map((name) => name.trim())
        .filter(Boolean);
    const characters = list("characters");
    const terms = list("terms");
    const given = { ...(characters.length > 0 && { characters }), ...(terms.length > 0 && { terms }) };
    const parameters = Object.keys(given).length > 0 ? { parameters: given } : {};
    setJobId(null);
    run.reset();
    runAll.reset();
    // The button pressed says which: this template, or every installed one.
    const all = (event.nativeEvent as SubmitEvent).submitter?.getAttribute("value") === "all";
    if (all) runAll.mutate({ bookId, templates: "installed", ...parameters });
    else run.mutate({ bookId, templateId: String(form.get("templateId")), ...parameters });
  }

  return (
    <form onSubmit={submit} className="stack" aria-label={t("label")}>
      <FormAlert message={message} />
      <div className={styles.runner}>
        <SelectField name="templateId" label={t("template")} options={templates.map((template) => ({ value: template.id, label: template.name }))} defaultValue={chosen} />
        <Field name="characters" label={t("characters")} hint={t("charactersHint")} placeholder={t("charactersPlaceholder")} error={fields.characters} />
        <Field name="terms" label={t("terms")} hint={t("termsHint")} placeholder={t("termsPlaceholder")} error={fields.terms} />
        <button type="submit" name="run" value="one" className="button" disabled={busy} aria-busy={busy || undefined}>
          {busy ? t("analysing") : t("run")}
        </button>
        {templates.length > 1 && (
          <button type="submit" name="run" value="all" className="button secondary" disabled={busy} title={t("runAllTitle")}>
            {t("runAll")}
          </button>
        )}
      </div>
      {jobId && busy && <p className="muted" role="status">{t("slow")}</p>}
    </form>
  );
}
