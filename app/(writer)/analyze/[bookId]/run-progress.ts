import type { JobDto } from "@/server/jobs/schemas";
import type { Problem, Problems } from "../../../_components/problem";

interface RunProgressInput {
  runPending: boolean;
  runError: unknown;
  /** the job a slow run handed back, while the form follows it */
  jobId: string | null;
  job: (Pick<JobDto, "status" | "error"> & { result?: unknown }) | undefined;
  /** why polling the job failed: it expired (410), vanished (404), or the server was unreachable */
  jobError: unknown;
  /** the page's ways of putting a failure into words (useProblems) */
  problems: Pick<Problems, "describeProblem" | "sentence">;
}

interface RunProgress {
  busy: boolean;
  /** the sentence the form shows, if the run went wrong */
  message: string | undefined;
  fields: Problem["fields"];
  /** the kept result to open, once the job has succeeded */
  analysisId: string | undefined;
}

/** A job stops being polled once it has finished, or once polling it fails: it will not recover. */
export function jobSettled(job: Pick<JobDto, "status"> | undefined, jobError: unknown): boolean {
  return Boolean(jobError) || job?.status === "succeeded" || job?.status === "failed" || job?.status === "cancelled";
}

/**
 * Where a run stands, from its request and, for a slow run, its job. A job that can no longer be
 * read ends the wait like a failed one, with the sentence for why; otherwise the form would say
 * "Analysing…" for ever about a job nobody can follow any more.
 */
export function runProgress({ runPending, runError, jobId, job, jobError, problems: { describeProblem, sentence } }: RunProgressInput): RunProgress {
  const analysisId = job?.status === "succeeded" ? (job.result as { analysisId?: string } | null)?.analysisId : undefined;
  const problem = describeProblem(runError, "parameters.");
  const following = jobId !== null;
  const message =
    problem?.message ??
    (following && (job?.status === "failed" || job?.status === "cancelled") ? (job.error?.message ?? sentence("internal")) : undefined) ??
    (following && jobError ? describeProblem(jobError)?.message : undefined);
  return {
    busy: runPending || (following && !analysisId && !jobSettled(job, jobError)),
    message,
    fields: problem?.fields ?? {},
    analysisId,
  };
}
