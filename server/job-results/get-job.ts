import type { Principal } from "../auth/principal";
import { actsForEveryone, authorize, OPERATIONS, type Operation } from "../auth/scopes";
import { loadBook } from "../books/access";
import { AppError } from "../errors";
import type { JobFile } from "../jobs/define-job";
import { jobQueue } from "../jobs/job-queue";
import type { JobRecord } from "../jobs/queue";
import { toJobDto } from "../jobs/job-dto";
import type { JobDto } from "../jobs/schemas";

// Reading a job is a use case above the queue (which knows no domain): a job made for a book is
// shown only to a caller the book's policy still allows what asked for it.

const isOperation = (name: string): name is Operation => Object.hasOwn(OPERATIONS, name);

/**
 * The caller's job (or anyone's, for an admin-scoped credential), while it has not expired. A job
 * made for a book (an export, an analysis) asks the book's policy again, as the operation that
 * queued it did: a member removed from the book since, or whose role no longer allows it, is
 * refused (403), and a book in the trash or purged answers as the book would.
 */
export async function loadJob(jobId: string, principal: Principal, operation: "jobs.get" | "jobs.cancel" = "jobs.get"): Promise<JobRecord> {
  authorize(principal, operation);
  const job = await jobQueue.get(jobId);
  if (!job) throw new AppError("not_found", "There is no job with this id (jobs are kept until they expire).");
  if (job.ownerId !== principal.userId && !actsForEveryone(principal)) throw new AppError("forbidden", "This job is another writer's.");
  if (job.bookId !== null && job.bookOperation !== null) {
    // An operation this version no longer knows fails closed.
    if (!isOperation(job.bookOperation)) throw new AppError("forbidden", "This job was made for a book by an operation Inkstone no longer has.");
    await loadBook(principal, job.bookId, job.bookOperation);
  }
  if (job.expiresAt.getTime() <= Date.now()) throw new AppError("gone", "This job has expired; its result is no longer kept.");
  return job;
}

// GET /api/v1/jobs/{jobId}
export async function getJob(input: { jobId: string }, principal: Principal): Promise<JobDto> {
  return toJobDto(await loadJob(input.jobId, principal));
}

/** What a finished job's file is, from the job alone (HEAD answers with it: no bytes are read). */
export async function describeJobFile(input: { jobId: string }, principal: Principal): Promise<Omit<JobFile, "bytes"> & { size: number }> {
  const job = await loadJob(input.jobId, principal);
  if (job.status !== "succeeded") {
    throw new AppError("job_not_finished", `This job is ${job.status}; its file exists once it has succeeded.`, { status: job.status });
  }
  if (job.fileName === null || job.fileSize === null) throw new AppError("not_found", "This job made no file; its result is in the job itself.");
  return { name: job.fileName, mediaType: job.fileMediaType ?? "application/octet-stream", size: job.fileSize };
}

// GET /api/v1/jobs/{jobId}/file
export async function getJobFile(input: { jobId: string }, principal: Principal): Promise<JobFile> {
  const { name, mediaType } = await describeJobFile(input, principal);
  const bytes = await jobQueue.file(input.jobId, "result");
  if (!bytes) throw new AppError("not_found", "This job made no file; its result is in the job itself.");
  return { bytes, name, mediaType };
}
