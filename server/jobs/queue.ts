import type { Operation } from "../auth/scopes";
import type { JobFile } from "./define-job";
import type { JobStatus } from "./schemas";

/** A job as the queue keeps it; `result` is the outcome as JSON text. */
export interface JobRecord {
  id: string;
  kind: string;
  ownerId: string;
  /** the book it was made for, and the operation that asked for it (see NewJob) */
  bookId: string | null;
  bookOperation: string | null;
  status: JobStatus;
  progress: number;
  result: string | null;
  fileName: string | null;
  fileMediaType: string | null;
  fileSize: number | null;
  errorCode: string | null;
  errorMessage: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  expiresAt: Date;
}


export interface NewJob {
  kind: string;
  ownerId: string;
  /** the job's input as JSON text, already validated by its definition */
  input: string;
  /** an upload the job reads (kept in the blob store until the job finishes) */
  inputFile?: Uint8Array;
  /**
   * The book the job is made for, and the operation (a name in the scope table) that asked for it:
   * whoever reads the job must still be allowed that operation on the book.
   */
  book?: { id: string; operation: Operation };
  expiresAt: Date;
}

/** A job a runner has taken: it runs under that runner until completed or its lease runs out. */
export interface ClaimedJob {
  id: string;
  kind: string;
  ownerId: string;
  input: string;
  /** which run of the job this is: a runner whose job was taken over can no longer record it */
  attempt: number;
}

/** One page of an owner's jobs (every owner's, for an admin), and how many there are. */
export interface JobListing {
  /** undefined: every owner's */
  ownerId: string | undefined;
  status?: JobStatus;
  kind?: string;
  order: "asc" | "desc";
  offset: number;
  limit: number;
}

/**
 * The outbox topic of a job's end: the queue writes its row in the same write as the outcome, so
 * whatever reacts to jobs ending (webhooks, server/outbox/topics.ts) never misses one, crash or not.
 */
export const JOB_FINISHED_TOPIC = "job-finished";

export type JobOutcome = { status: "succeeded"; result?: unknown; file?: JobFile } | { status: "failed"; code: string; message: string };

/**
 * Where jobs wait, run and keep their outcome. Use cases and the runner go through this interface
 * only (through enqueue-job, get-job, wait-for-job and runner.ts), so another queue can take over
 * without touching them. Each method has a caller; fairness, caps, leases and retries are the
 * implementation's, because only the store can make them hold across instances.
 */
export interface JobQueue {
  /** Queues a job, within its owner's caps (server/jobs/limits.ts: rate_limited past them). */
  enqueue(job: NewJob): Promise<JobRecord>;
  /** The job as it stands, or null when there is none; an expired one until it is swept. */
  get(jobId: string): Promise<JobRecord | null>;
  /** An owner's unexpired jobs by creation time, one page of them, and their number. */
  list(listing: JobListing): Promise<{ items: JobRecord[]; total: number }>;
  /** Takes the next due job for this process to run, fairly between writers, or null. */
  claim(): Promise<ClaimedJob | null>;
  /**
   * While a claimed job runs: keeps its lease, and records its progress (0..1) when given. Answers
   * false when the job is no longer this runner's to run (cancelled, or taken over): it should stop.
   */
  renew(job: ClaimedJob, progress?: number): Promise<boolean>;
  /** Records a claimed job's outcome (and drops its input), unless another runner took it over. */
  complete(job: ClaimedJob, outcome: JobOutcome): Promise<void>;
  /**
   * Cancels a queued or running job: it reads as cancelled at once, and a runner still at work on
   * it records nothing (its renew answers false). Answers the job as it then stands (unchanged when
   * it had already ended), or null when there is none.
   */
  cancel(jobId: string): Promise<JobRecord | null>;
  /** A job's uploaded input, or the file it made; null when it has none (any more). */
  file(jobId: string, which: "input" | "result"): Promise<Uint8Array | null>;
  /** Deletes expired jobs with their files, and files no job refers to; answers how many jobs went. */
  sweep(): Promise<number>;
  /** How many unexpired jobs wait and run, on every instance (the metrics' queue depth). */
  depth(): Promise<{ queued: number; running: number }>;
}
