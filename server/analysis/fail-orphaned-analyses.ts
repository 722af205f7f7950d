import { sql } from "../db";
import { jobQueue } from "../jobs/job-queue";

/**
 * A result without a job this long after its request lost its job to a crash between the two
 * writes in runAnalysis; younger ones may still be getting theirs.
 */
const UNLINKED_GRACE_MS = 60_000;
/** Unfinished results are few (a run takes well under a second); a bound keeps a sweep short anyway. */
const BATCH = 500;

const UNFINISHED = ["queued", "running"];

/**
 * Fails every analysis still queued or running whose job has finished without it or is gone.
 * performAnalysis records its own outcome, but the runner can fail a job without it ever ending:
 * the job's runner died three times (job_abandoned), its process stopped between the job's time
 * limit and the result's write (job_timed_out), or the job expired and was swept. Such a result
 * would otherwise say "running" for ever; it takes its job's error, or `gone` when the job no
 * longer exists.
 * server/maintenance.ts runs this every minute on every instance, so each write is conditional.
 */
export async function failOrphanedAnalyses(now = new Date()): Promise<number> {
  const unfinished = await sql
    .selectFrom("AnalysisResult")
    .select(["id", "jobId", "createdAt"])
    .where("status", "in", UNFINISHED)
    .orderBy("createdAt", "asc")
    .limit(BATCH)
    .execute();
  if (unfinished.length === 0) return 0;
  const jobIds = unfinished.flatMap((analysis) => (analysis.jobId === null ? [] : [analysis.jobId]));
  // Through the queue, which may not be this database; the unfinished are few (see BATCH).
  const jobs = new Map((await Promise.all(jobIds.map((id) => jobQueue.get(id)))).flatMap((job) => (job ? [[job.id, job] as const] : [])));
  let failed = 0;
  for (const analysis of unfinished) {
    const error = orphanError(analysis, analysis.jobId === null ? undefined : jobs.get(analysis.jobId), now);
    if (!error) continue;
    const { numUpdatedRows } = await sql
      .updateTable("AnalysisResult")
      .set({ status: "failed", error: JSON.stringify(error), finishedAt: now })
      .where("id", "=", analysis.id)
      .where("status", "in", UNFINISHED)
      .executeTakeFirst();
    failed += Number(numUpdatedRows);
  }
  return failed;
}

function orphanError(
  analysis: { jobId: string | null; createdAt: Date },
  job: { status: string; errorCode: string | null; errorMessage: string | null } | undefined,
  now: Date,
): { code: string; message: string } | null {
  if (analysis.jobId === null) {
    if (now.getTime() - analysis.createdAt.getTime() < UNLINKED_GRACE_MS) return null;
    return { code: "internal", message: "The analysis was never queued; run it again." };
  }
  if (!job) return { code: "gone", message: "The analysis's job expired or was removed before it finished; run it again." };
  if (job.status === "cancelled") return { code: "job_cancelled", message: "The analysis was cancelled before it finished; run it again." };
  if (job.status !== "failed") return null;
  return { code: job.errorCode ?? "internal", message: job.errorMessage ?? "The analysis's job failed." };
}
