import type { Principal } from "../auth/principal";
import { AppError } from "../errors";
import { jobQueue } from "../jobs/job-queue";
import { stopRunningJob } from "../jobs/runner";
import { loadJob } from "./get-job";

/**
 * DELETE /api/v1/jobs/{jobId} — cancels a queued or running job (issue 33 item 9). It then reads
 * as `cancelled`; a running one's work is stopped (here at once, on another instance at its
 * runner's next lease renewal, within 10 s) and whatever it made is discarded. Cancelling a
 * cancelled job again changes nothing; a job that already succeeded or failed is 409 job_finished.
 */
export async function cancelJob(input: { jobId: string }, principal: Principal): Promise<void> {
  const job = await loadJob(input.jobId, principal, "jobs.cancel");
  if (job.status === "cancelled") return;
  if (job.status === "succeeded" || job.status === "failed") {
    throw new AppError("job_finished", `This job has already ${job.status}; there is nothing left to cancel.`, { status: job.status });
  }
  const after = await jobQueue.cancel(job.id);
  if (after?.status === "cancelled") {
    stopRunningJob(job.id);
    return;
  }
  // It ended between the read and the cancel.
  throw new AppError("job_finished", `This job has already ${after?.status ?? "ended"}; there is nothing left to cancel.`, { status: after?.status });
}
