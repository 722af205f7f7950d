/**
 * How background work is shared between writers (docs/api.md, "Background jobs"). A writer's
 * flood waits behind itself: it can neither hold every runner nor fill the database.
 */

/** Jobs of one writer running at once, counted in the database, so across every instance. */
export const RUNNING_JOBS_PER_WRITER = 1;
/**
 * Jobs one process runs at once. Their heavy work waits its turn in the worker pool (which shares
 * its workers fairly per writer), so a runner slot mostly waits: more slots than workers let
 * several writers' jobs be under way while one writer's slow job holds a worker.
 */
export const JOBS_PER_PROCESS = 4;

/** A writer's queued and running jobs together; past it, 429 until one finishes. */
export const MAX_ACTIVE_JOBS_PER_WRITER = 10;
/**
 * A writer's stored job bytes: inputs of jobs not yet finished and files of jobs not yet expired.
 * Five maximum-size uploads (20 MiB) fit; past it, 429 until a job's file expires.
 */
export const MAX_JOB_BYTES_PER_WRITER = 100 * 1024 * 1024;
/** Retry-After when a writer has too many jobs under way: about how long a slow job takes. */
export const ACTIVE_JOBS_RETRY_SECONDS = 30;

/** A running job renews its lease every third of this; a lease left to run out means its runner died. */
export const LEASE_MS = 30_000;
/** A job whose runner died this many times is given up rather than taken again (job_abandoned). */
export const MAX_ATTEMPTS = 3;
/**
 * How long a job whose runner died waits before it is taken again: 30 s after its first run,
 * 2 min after its second. The next runner must not meet the same fate at once, and a process
 * that crashed on it gets time to come back.
 */
export function retryDelayMs(attempts: number): number {
  return 30_000 * 4 ** Math.max(0, attempts - 1);
}
