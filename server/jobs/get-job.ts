import type { Principal } from "../auth/principal";
import { actsForEveryone, authorize } from "../auth/scopes";
import { db } from "../db";
import { AppError } from "../errors";
import { blobStore } from "./blob-store";
import type { JobFile } from "./define-job";
import { JOB_VIEW, toJobDto, type JobDto } from "./schemas";

/** The caller's job (or anyone's, for an admin-scoped credential), while it has not expired. */
async function loadJob(jobId: string, principal: Principal) {
  authorize(principal, "jobs.get");
  const job = await db.job.findUnique({ where: { id: jobId }, select: JOB_VIEW });
  if (!job) throw new AppError("not_found", "There is no job with this id (jobs are kept until they expire).");
  if (job.ownerId !== principal.userId && !actsForEveryone(principal)) throw new AppError("forbidden", "This job is another writer's.");
  if (job.expiresAt.getTime() <= Date.now()) throw new AppError("gone", "This job has expired; its result is no longer kept.");
  return job;
}

// GET /api/v1/jobs/{jobId}
export async function getJob(input: { jobId: string }, principal: Principal): Promise<JobDto> {
  return toJobDto(await loadJob(input.jobId, principal));
}

// GET /api/v1/jobs/{jobId}/file
export async function getJobFile(input: { jobId: string }, principal: Principal): Promise<JobFile> {
  const job = await loadJob(input.jobId, principal);
  if (job.status !== "succeeded") {
    throw new AppError("job_not_finished", `This job is ${job.status}; its file exists once it has succeeded.`, { status: job.status });
  }
  const bytes = job.fileBlobId ? await blobStore.get(job.fileBlobId) : null;
  if (!bytes || !job.fileName) throw new AppError("not_found", "This job made no file; its result is in the job itself.");
  return { bytes, name: job.fileName, mediaType: job.fileMediaType ?? "application/octet-stream" };
}
