import { EventEmitter } from "node:events";
import { db, transaction } from "../db";
import { AppError } from "../errors";
import { blobStore } from "./blob-store";
import type { JobDefinition, JobOutput } from "./define-job";
import { JOB_DEFINITIONS } from "./kinds";
import { JOBS_PER_PROCESS, LEASE_MS, MAX_ATTEMPTS, retryDelayMs, RUNNING_JOBS_PER_WRITER } from "./limits";

/** How often an idle runner looks for work queued by another instance. */
const POLL_MS = 1_000;

interface ClaimedJob {
  id: string;
  kind: string;
  ownerId: string;
  input: string;
  inputBlobId: string | null;
  attempts: number;
}

interface RunnerState {
  active: number;
  claiming: boolean;
  started: boolean;
  /** emits a job's id when this process finishes it, so waiters here need not poll */
  finished: EventEmitter;
  definitions: readonly JobDefinition[];
}

const globalForJobs = globalThis as { inkstoneJobRunner?: RunnerState };
const state = (globalForJobs.inkstoneJobRunner ??= {
  active: 0,
  claiming: false,
  started: false,
  finished: new EventEmitter().setMaxListeners(0),
  definitions: JOB_DEFINITIONS,
});

export const jobFinished = state.finished;

/** Starts this process's runner: it polls the shared queue (server/maintenance.ts sweeps it). */
export function startJobRunner(): void {
  if (state.started) return;
  state.started = true;
  setInterval(wakeJobRunner, POLL_MS).unref();
  wakeJobRunner();
}

/** Looks for work now (a job was just queued here) rather than at the next poll. */
export function wakeJobRunner(): void {
  if (!state.started || state.claiming || state.active >= JOBS_PER_PROCESS) return;
  state.claiming = true;
  void claimAndRun()
    .catch((error) => console.error("job runner failed to claim", error))
    .finally(() => {
      state.claiming = false;
    });
}

async function claimAndRun(): Promise<void> {
  while (state.active < JOBS_PER_PROCESS) {
    const job = await claimNextJob();
    if (!job) return;
    state.active++;
    void execute(job).finally(() => {
      state.active--;
      wakeJobRunner();
    });
  }
}

/**
 * Runs every queued job in this process, one after another, until none is left: for tests and
 * scripts, which have no running runner. `definitions` stands in for the registry in tests.
 */
export async function runQueuedJobs(definitions: readonly JobDefinition[] = JOB_DEFINITIONS): Promise<void> {
  for (let job = await claimNextJob(); job; job = await claimNextJob()) await execute(job, definitions);
}

const CLAIMED = { id: true, kind: true, ownerId: true, input: true, inputBlobId: true, attempts: true } as const;

/**
 * Takes the oldest job that is due and whose writer has fewer than RUNNING_JOBS_PER_WRITER jobs
 * running, on any instance: one writer's flood waits behind itself, never in front of another
 * writer's job. Counting, choosing and taking are one transaction (serializable on PostgreSQL),
 * so of several instances reaching for the queue at once none takes a job another took, nor a
 * second job of a writer another instance has just started.
 */
async function claimNextJob(): Promise<ClaimedJob | null> {
  await putBackOrphans();
  const due = (now: Date) => ({ status: "queued", expiresAt: { gt: now }, OR: [{ availableAt: null }, { availableAt: { lte: now } }] });
  // A plain read first: an idle queue, polled every second, takes no write lock.
  if (!(await db.job.findFirst({ where: due(new Date()), select: { id: true } }))) return null;
  return transaction(async (tx) => {
    const now = new Date();
    const running = await tx.job.groupBy({ by: ["ownerId"], where: { status: "running" }, _count: { _all: true } });
    const busyWriters = running.filter((r) => r._count._all >= RUNNING_JOBS_PER_WRITER).map((r) => r.ownerId);
    const next = await tx.job.findFirst({
      where: { ...due(now), ownerId: { notIn: busyWriters } },
      orderBy: { createdAt: "asc" },
      select: { id: true },
    });
    if (!next) return null;
    return tx.job.update({
      where: { id: next.id },
      data: { status: "running", attempts: { increment: 1 }, leaseUntil: new Date(now.getTime() + LEASE_MS), startedAt: now, availableAt: null },
      select: CLAIMED,
    });
  });
}

/**
 * Jobs whose runner died (their lease ran out) go back to the queue, due after a back-off that
 * grows with each death, so the next runner does not meet the same fate at once; a job that has
 * killed MAX_ATTEMPTS runners is given up. Each change is conditional on the lease still being
 * out, so a runner that was only slow to renew keeps its job.
 */
async function putBackOrphans(): Promise<void> {
  const now = new Date();
  const orphans = await db.job.findMany({ where: { status: "running", leaseUntil: { lt: now } }, select: { id: true, attempts: true } });
  for (const orphan of orphans) {
    const outcome: Outcome =
      orphan.attempts >= MAX_ATTEMPTS
        ? { ...failed("job_abandoned", "The job stopped its server every time it ran, so it was given up."), ...finished(now) }
        : { status: "queued", leaseUntil: null, availableAt: new Date(now.getTime() + retryDelayMs(orphan.attempts)) };
    await db.job.updateMany({ where: { id: orphan.id, attempts: orphan.attempts, status: "running", leaseUntil: { lt: now } }, data: outcome });
  }
}

async function execute(job: ClaimedJob, definitions: readonly JobDefinition[] = state.definitions): Promise<void> {
  const controller = new AbortController();
  const heartbeat = setInterval(() => {
    void db.job
      .updateMany({ where: { id: job.id, attempts: job.attempts, status: "running" }, data: { leaseUntil: new Date(Date.now() + LEASE_MS) } })
      .catch((error) => console.error("job lease renewal failed", error));
  }, LEASE_MS / 3);
  heartbeat.unref();
  let timer: NodeJS.Timeout | undefined;
  try {
    const definition = definitions.find((d) => d.kind === job.kind);
    if (!definition) throw new AppError("internal", `No runner knows jobs of kind "${job.kind}".`);
    const input = definition.input.parse(JSON.parse(job.input));
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        // Rejected first, so that work which settles when told to stop cannot pass for a success.
        reject(new JobTimedOut(definition.timeoutMs));
        controller.abort();
      }, definition.timeoutMs);
    });
    const context = {
      jobId: job.id,
      ownerId: job.ownerId,
      signal: controller.signal,
      reportProgress: async (fraction: number) => {
        const progress = Math.min(1, Math.max(0, fraction));
        await db.job.updateMany({ where: { id: job.id, attempts: job.attempts, status: "running" }, data: { progress } });
      },
    };
    const inputFile = job.inputBlobId ? await blobStore.get(job.inputBlobId) : null;
    const output = await Promise.race([definition.run(input, context, inputFile), timedOut]);
    await record(job, await succeeded(output));
  } catch (error) {
    await record(job, failure(error)).catch((recordError) => console.error("job outcome lost", recordError));
  } finally {
    clearInterval(heartbeat);
    clearTimeout(timer);
    state.finished.emit(job.id);
  }
}

class JobTimedOut extends Error {
  constructor(readonly limitMs: number) {
    super(`The job ran past its limit of ${Math.round(limitMs / 1000)} s and was stopped.`);
  }
}

type Outcome = Parameters<typeof db.job.updateMany>[0]["data"];

async function succeeded(output: JobOutput): Promise<Outcome> {
  const file = output.file;
  return {
    status: "succeeded",
    progress: 1,
    result: output.result === undefined ? null : JSON.stringify(output.result),
    fileBlobId: file ? await blobStore.put(file.bytes) : null,
    fileName: file?.name ?? null,
    fileMediaType: file?.mediaType ?? null,
    fileSize: file?.bytes.byteLength ?? null,
  };
}

function failed(code: string, message: string): Outcome {
  return { status: "failed", errorCode: code, errorMessage: message };
}

function failure(error: unknown): Outcome {
  if (error instanceof JobTimedOut) return failed("job_timed_out", error.message);
  if (error instanceof AppError) return failed(error.code, error.message);
  console.error("job failed", error);
  return failed("internal", "The job failed on our side; nothing it was to change was changed.");
}

/** A finished job's input is dropped: its bytes no longer count against its writer. */
function finished(at: Date): Outcome {
  return { leaseUntil: null, finishedAt: at, inputBlobId: null, inputSize: null };
}

/**
 * Writes a job's outcome once, unless it was taken over meanwhile (then its new runner's counts,
 * and the file this run made is not kept). The input is deleted once no job refers to it: best
 * effort, since the outcome is already written and the sweep collects what is left.
 */
async function record(job: ClaimedJob, outcome: Outcome): Promise<void> {
  const { count } = await db.job.updateMany({
    where: { id: job.id, attempts: job.attempts, status: "running" },
    data: { ...outcome, ...finished(new Date()) },
  });
  const made = typeof outcome.fileBlobId === "string" ? outcome.fileBlobId : null;
  await blobStore.delete(count === 1 ? [job.inputBlobId] : [made]).catch((error) => console.error("a job's file was not deleted; the sweep will", error));
}

/** A crashed request's blob gets this long to be queued before it counts as left behind. */
const UNREFERENCED_BLOB_GRACE_MS = 60 * 60 * 1000;

/** Deletes expired jobs with their files, and files no job refers to any more. */
export async function sweepExpiredJobs(): Promise<number> {
  const { count } = await db.job.deleteMany({ where: { expiresAt: { lte: new Date() } } });
  await blobStore.sweepUnreferenced(UNREFERENCED_BLOB_GRACE_MS);
  return count;
}
