import { EventEmitter } from "node:events";
import { AppError } from "../errors";
import type { JobDefinition } from "./define-job";
import { JOBS_PER_PROCESS, LEASE_MS } from "./limits";
import { jobQueue } from "./job-queue";
import type { ClaimedJob, JobOutcome } from "./queue";
import { logFailure } from "../machine-trouble";

/** How often an idle runner looks for work queued by another instance. */
const POLL_MS = 1_000;

interface RunnerState {
  active: number;
  claiming: boolean;
  started: boolean;
  /** emits a job's id when this process finishes it, so waiters here need not poll */
  finished: EventEmitter;
  /** the kinds of job this process's runner runs, given when it starts */
  definitions: readonly JobDefinition[];
  /** the jobs this process is running, each with what stops it */
  running: Map<string, AbortController>;
}

const globalForJobs = globalThis as { inkstoneJobRunner?: RunnerState };
const state = (globalForJobs.inkstoneJobRunner ??= {
  active: 0,
  claiming: false,
  started: false,
  finished: new EventEmitter().setMaxListeners(0),
  definitions: [],
  running: new Map(),
});
state.running ??= new Map();

export const jobFinished = state.finished;

/**
 * Starts this process's runner over the kinds of job it is given (server/compose/job-kinds.ts: the
 * runner knows no domain): it polls the shared queue (server/maintenance.ts sweeps it).
 */
export function startJobRunner(definitions: readonly JobDefinition[]): void {
  if (state.started) return;
  state.started = true;
  state.definitions = definitions;
  setInterval(wakeJobRunner, POLL_MS).unref();
  wakeJobRunner();
}

/** This process's runner: whether it runs, the jobs it runs now and the most it runs at once (the metrics). */
export function jobRunnerLoad(): { started: boolean; active: number; capacity: number } {
  return { started: state.started, active: state.active, capacity: JOBS_PER_PROCESS };
}

/** Looks for work now (a job was just queued here) rather than at the next poll. */
export function wakeJobRunner(): void {
  if (!state.started || state.claiming || state.active >= JOBS_PER_PROCESS) return;
  state.claiming = true;
  void claimAndRun()
    .catch((error) => logFailure(error, "job runner failed to claim"))
    .finally(() => {
      state.claiming = false;
    });
}

async function claimAndRun(): Promise<void> {
  while (state.active < JOBS_PER_PROCESS) {
    const job = await jobQueue.claim();
    if (!job) return;
    state.active++;
    void execute(job, state.definitions).finally(() => {
      state.active--;
      wakeJobRunner();
    });
  }
}

/**
 * Runs every queued job in this process, one after another, until none is left: for tests and
 * scripts, which have no running runner. They pass the kinds it knows: the app's (JOB_KINDS) or their own.
 */
export async function runQueuedJobs(definitions: readonly JobDefinition[]): Promise<void> {
  for (let job = await jobQueue.claim(); job; job = await jobQueue.claim()) await execute(job, definitions);
}

/**
 * Stops a job this process is running, once the queue has cancelled it: its work is told to stop
 * (its signal aborts: a worker task is taken off its worker) and its outcome is not recorded. A
 * job running in another process stops at that runner's next renewal, which the queue refuses.
 */
export function stopRunningJob(jobId: string): void {
  state.running.get(jobId)?.abort(new JobCancelled());
}

async function execute(job: ClaimedJob, definitions: readonly JobDefinition[]): Promise<void> {
  const controller = new AbortController();
  state.running.set(job.id, controller);
  const heartbeat = setInterval(() => {
    void jobQueue
      .renew(job)
      .then((stillOurs) => {
        if (!stillOurs) controller.abort(new JobCancelled());
      })
      .catch((error) => logFailure(error, "job lease renewal failed"));
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
      reportProgress: async (fraction: number) => void (await jobQueue.renew(job, fraction)),
    };
    // Cancelled (here or, seen at a renewal, by another process): stop waiting for the work at once.
    // (A time-out aborts the signal too, but its own rejection has settled the race by then.)
    const cancelled = new Promise<never>((_, reject) => {
      const stop = () => {
        if (controller.signal.reason instanceof JobCancelled) reject(controller.signal.reason);
      };
      if (controller.signal.aborted) stop();
      else controller.signal.addEventListener("abort", stop, { once: true });
    });
    cancelled.catch(() => undefined);
    const inputFile = await jobQueue.file(job.id, "input");
    const output = await Promise.race([definition.run(input, context, inputFile), timedOut, cancelled]);
    await jobQueue.complete(job, { status: "succeeded", ...output });
  } catch (error) {
    await jobQueue.complete(job, failure(error)).catch((recordError) => logFailure(recordError, "job outcome lost"));
  } finally {
    state.running.delete(job.id);
    clearInterval(heartbeat);
    clearTimeout(timer);
    state.finished.emit(job.id);
  }
}

/** A cancelled job's work stops with this; the queue already says "cancelled", so nothing is recorded over it. */
class JobCancelled extends Error {
  constructor() {
    super("The job was cancelled.");
  }
}

class JobTimedOut extends Error {
  constructor(readonly limitMs: number) {
    super(`The job ran past its limit of ${Math.round(limitMs / 1000)} s and was stopped.`);
  }
}

function failure(error: unknown): JobOutcome {
  if (error instanceof JobCancelled) return { status: "failed", code: "job_cancelled", message: error.message };
  if (error instanceof JobTimedOut) return { status: "failed", code: "job_timed_out", message: error.message };
  if (error instanceof AppError) return { status: "failed", code: error.code, message: error.message };
  logFailure(error, "job failed");
  return { status: "failed", code: "internal", message: "The job failed on our side; nothing it was to change was changed." };
}

/** Deletes expired jobs with their files, and files no job refers to any more. */
export function sweepExpiredJobs(): Promise<number> {
  return jobQueue.sweep();
}
