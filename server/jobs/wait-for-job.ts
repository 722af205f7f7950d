import { jobQueue } from "./job-queue";
import { jobFinished } from "./runner";
import { toJobDto } from "./job-dto";
import { FINISHED_JOB_STATUSES, type JobDto } from "./schemas";

/** How often a waiter looks at a job that another instance may be running. */
const POLL_MS = 100;

/**
 * The job once it has finished, or as it stands after `timeoutMs`: a use case answers quick work
 * inline and hands slow work back as a job to poll. No ownership check: callers just queued it.
 */
export async function waitForJob(jobId: string, timeoutMs: number): Promise<JobDto> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await jobQueue.get(jobId);
    if (!job) throw new Error(`job ${jobId} vanished while its request waited for it`);
    const remaining = deadline - Date.now();
    if ((FINISHED_JOB_STATUSES as readonly string[]).includes(job.status) || remaining <= 0) return toJobDto(job);
    await finishedHereOrAfter(jobId, Math.min(POLL_MS, remaining));
  }
}

function finishedHereOrAfter(jobId: string, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      jobFinished.off(jobId, done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    jobFinished.once(jobId, done);
  });
}
