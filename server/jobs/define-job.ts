import type { z } from "zod";

interface JobContext {
  jobId: string;
  ownerId: string;
  /** aborted when the job passes its time limit: work in a worker should stop the worker */
  signal: AbortSignal;
  /** 0..1, shown to whoever polls the job */
  reportProgress(fraction: number): Promise<void>;
}

export interface JobFile {
  bytes: Uint8Array;
  name: string;
  mediaType: string;
}

export interface JobOutput {
  /** JSON-serialisable */
  result?: unknown;
  file?: JobFile;
}

/** One kind of background work. Its definition is listed in server/compose/job-kinds.ts so every runner knows it. */
export interface JobDefinition<I = unknown> {
  kind: string;
  input: z.ZodType<I>;
  /** how long the job and its result are kept after it is queued */
  ttlSeconds: number;
  /** past this the job fails with job_timed_out and its signal aborts */
  timeoutMs: number;
  run(input: I, context: JobContext, inputFile: Uint8Array | null): Promise<JobOutput>;
}

const DEFAULT_JOB_TTL_SECONDS = 24 * 60 * 60;
const DEFAULT_JOB_TIMEOUT_MS = 5 * 60 * 1000;

export function defineJob<I>(
  spec: Omit<JobDefinition<I>, "ttlSeconds" | "timeoutMs"> & { ttlSeconds?: number; timeoutMs?: number },
): JobDefinition<I> {
  return { ttlSeconds: DEFAULT_JOB_TTL_SECONDS, timeoutMs: DEFAULT_JOB_TIMEOUT_MS, ...spec };
}
