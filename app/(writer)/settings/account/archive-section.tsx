"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import type { JobDto } from "@/server/jobs/schemas";
import { FormAlert } from "../../../_components/form-alert";
import { useProblems } from "../../../_components/use-problems";
import { trpc } from "../../../_trpc/client";
import { useDates } from "@/app/_i18n/use-dates";

/** A job is followed until it has finished, or until it can no longer be read (expired, gone). */
function settled(job: Pick<JobDto, "status"> | undefined, error: unknown): boolean {
  return Boolean(error) || job?.status === "succeeded" || job?.status === "failed" || job?.status === "cancelled";
}

function byteSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * Settings → Account → Download your data (issue 34 item 6): one button queues the archive of
 * everything the account owns, its job is followed with its progress, and its zip is then offered
 * as a link to the job's file (the session's cookie reads it, as it reads any download).
 */
export function ArchiveSection() {
  const t = useTranslations("settings.account.archive");
  const dates = useDates();
  const { describeProblem, sentence } = useProblems();
  const [jobId, setJobId] = useState<string | null>(null);
  const queue = trpc.users.archive.useMutation({ onSuccess: (job) => setJobId(job.id) });
  const job = trpc.jobs.get.useQuery({ jobId: jobId ?? "" }, { enabled: jobId !== null, refetchInterval: (q) => (settled(q.state.data, q.state.error) ? false : 1000) });
  const current = jobId !== null ? job.data : undefined;
  const working = queue.isPending || (jobId !== null && !settled(current, job.error));
  const ready = current?.status === "succeeded" && current.file ? { ...current.file, href: current.links.file ?? `${current.links.self}/file`, expiresAt: current.expiresAt } : null;
  const message =
    describeProblem(queue.error)?.message ??
    (current?.status === "failed" || current?.status === "cancelled" ? (current.error?.message ?? sentence("internal")) : undefined) ??
    (jobId !== null && job.error ? describeProblem(job.error)?.message : undefined);
  const percent = Math.round((current?.progress ?? 0) * 100);

  function start() {
    setJobId(null);
    queue.reset();
    queue.mutate({});
  }

  return (
    <section aria-labelledby="archive-heading" className="panel">
      <h2 id="archive-heading">{t("heading")}</h2>
      <div className="stack">
        <p className="muted">{t("intro")}</p>
        <FormAlert message={message} />
        {working && (
          <div className="field" aria-live="polite">
            <p className="field-hint">{t("preparingPercent", { percent })}</p>
            <div className="progress" role="progressbar" aria-label={t("preparingLabel")} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
              <span style={{ width: `${Math.max(percent, 3)}%` }} />
            </div>
          </div>
        )}
        {ready && (
          <p role="status">
            <a className="button" href={ready.href} download={ready.name}>
              {t("download", { name: ready.name })}
            </a>{" "}
            <span className="muted">
              {t("kept", { size: byteSize(ready.size), date: dates.dateTime(ready.expiresAt) })}
            </span>
          </p>
        )}
        <p>
          <button type="button" className={ready ? "button secondary" : "button"} onClick={start} disabled={working} aria-busy={working || undefined}>
            {working ? t("preparing") : ready ? t("again") : t("start")}
          </button>
        </p>
      </div>
    </section>
  );
}
