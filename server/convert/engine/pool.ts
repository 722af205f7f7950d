import { existsSync } from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { AppError, ERRORS, type ErrorCode } from "../../errors";
import type { Task, TaskResult, WorkerReply } from "./task";

/**
 * A small pool of conversion workers (worker_threads). Each task's time limit runs from the moment
 * it is queued, so waiting for a worker counts; a worker that overruns is terminated (the only way
 * to stop a WASM pandoc mid-run) and replaced on demand. The queue is bounded, and a task's
 * AbortSignal takes it out of the queue or stops its worker. Idle workers exit after a while so
 * pandoc's few hundred MB are given back.
 */

export const POOL_SIZE = Math.max(1, Math.min(4, Number(process.env.INKSTONE_CONVERT_WORKERS) || 2));
export const DEFAULT_TIMEOUT_MS = 120_000;
const IDLE_MS = 30_000;
/** Tasks waiting for a worker; each holds its document, so the queue is what bounds memory. */
export const MAX_QUEUE = Math.max(1, Number(process.env.INKSTONE_CONVERT_QUEUE) || POOL_SIZE * 8);
const QUEUE_FULL_RETRY_SECONDS = 10;

/**
 * Caps on a worker's own V8 heap, so a runaway conversion kills its worker and not the server.
 * pandoc's WASM memory lives outside this heap; what counts here is the JS side (mammoth, turndown,
 * the model, pdfkit). A 216,000-word novel through md→ODT→model and md→RST→model ran within a
 * 96 MB old generation; 512 MB leaves room for larger books and for EPUBs with images.
 */
export const WORKER_LIMITS = { maxOldGenerationSizeMb: 512, maxYoungGenerationSizeMb: 64, stackSizeMb: 8 } as const;

/** Where scripts/build-convert-worker.mjs puts the bundled worker (relative to the app's root). */
// turbopackIgnore: otherwise `next build` takes the path for an import of every file under the
// app's root (README.md, docs …) and fails on them.
export const WORKER_FILE = process.env.INKSTONE_CONVERT_WORKER ?? path.join(/* turbopackIgnore: true */ process.cwd(), ".build", "convert-worker.mjs");

interface Job {
  task: Task;
  deadline: NodeJS.Timeout;
  settle(outcome: { value: TaskResult } | { error: Error }): void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  idle?: NodeJS.Timeout;
}

export interface TaskOptions {
  /** from the moment the task is queued (default DEFAULT_TIMEOUT_MS) */
  timeoutMs?: number;
  /** aborting it takes the task out of the queue, or terminates the worker running it */
  signal?: AbortSignal;
}

const slots: Slot[] = [];
const queue: Job[] = [];

export async function runTask(task: Task, { timeoutMs = DEFAULT_TIMEOUT_MS, signal }: TaskOptions = {}): Promise<TaskResult> {
  if (!existsSync(WORKER_FILE)) {
    throw new AppError("internal", `The conversion worker ${WORKER_FILE} is missing: run \`node scripts/build-convert-worker.mjs\` (npm run build does).`);
  }
  if (signal?.aborted) throw stopped(signal);
  if (queue.length >= MAX_QUEUE) {
    throw new AppError("rate_limited", `The converter is busy (${MAX_QUEUE} conversions waiting); try again in a few seconds.`, { maxQueue: MAX_QUEUE }, QUEUE_FULL_RETRY_SECONDS);
  }
  return new Promise((resolve, reject) => {
    const onAbort = () => cancel(job, stopped(signal!));
    const job: Job = {
      task,
      deadline: setTimeout(() => cancel(job, timedOut(timeoutMs)), timeoutMs),
      settle(outcome) {
        clearTimeout(job.deadline);
        signal?.removeEventListener("abort", onAbort);
        if ("value" in outcome) resolve(outcome.value);
        else reject(outcome.error);
      },
    };
    job.deadline.unref();
    signal?.addEventListener("abort", onAbort, { once: true });
    queue.push(job);
    dispatch();
  });
}

const timedOut = (timeoutMs: number) =>
  new AppError("conversion_timed_out", `The conversion did not finish within ${Math.round(timeoutMs / 1000)} s (waiting for a free converter included) and was stopped.`, { timeoutMs });

const stopped = (signal: AbortSignal) =>
  signal.reason instanceof AppError ? signal.reason : new AppError("conversion_timed_out", "The conversion was stopped before it finished: the work it belonged to was cancelled or ran out of time.");

/** Out of the queue if it waits there; a worker running it cannot be trusted to stop, so it is terminated. */
function cancel(job: Job, error: AppError): void {
  const waiting = queue.indexOf(job);
  if (waiting >= 0) {
    queue.splice(waiting, 1);
    job.settle({ error });
    return;
  }
  const slot = slots.find((s) => s.job === job);
  if (slot) fail(slot, error);
}

function dispatch(): void {
  while (queue.length > 0) {
    let slot = slots.find((s) => s.job === null);
    if (!slot && slots.length < POOL_SIZE) slot = spawn();
    if (!slot) return;
    start(slot, queue.shift()!);
  }
}

function spawn(): Slot {
  const slot: Slot = { worker: new Worker(WORKER_FILE, { resourceLimits: WORKER_LIMITS }), job: null };
  slot.worker.unref();
  slot.worker.on("message", (reply: WorkerReply) => finish(slot, reply));
  slot.worker.on("error", (error) => fail(slot, workerError(error)));
  slot.worker.on("exit", () => remove(slot));
  slots.push(slot);
  return slot;
}

function start(slot: Slot, job: Job): void {
  clearTimeout(slot.idle);
  slot.job = job;
  slot.worker.postMessage(job.task);
}

function finish(slot: Slot, reply: WorkerReply): void {
  const job = slot.job;
  if (!job) return;
  release(slot);
  job.settle(reply.ok ? { value: reply.value } : { error: rebuild(reply.error) });
  dispatch();
}

/** A failed or overrunning worker cannot be trusted with another job: it is terminated. */
function fail(slot: Slot, error: Error): void {
  const job = slot.job;
  slot.job = null;
  remove(slot);
  void slot.worker.terminate();
  job?.settle({ error });
  dispatch();
}

function release(slot: Slot): void {
  slot.job = null;
  slot.idle = setTimeout(() => {
    remove(slot);
    void slot.worker.terminate();
  }, IDLE_MS);
  slot.idle.unref();
}

function remove(slot: Slot): void {
  clearTimeout(slot.idle);
  const index = slots.indexOf(slot);
  if (index >= 0) slots.splice(index, 1);
  // A worker that exited in the middle of a job (out of memory, a crash) fails that job.
  if (slot.job) {
    const job = slot.job;
    slot.job = null;
    job.settle({ error: new AppError("internal", "The conversion worker stopped unexpectedly.") });
    dispatch();
  }
}

function workerError(error: Error & { code?: string }): AppError {
  if (error.code === "ERR_WORKER_OUT_OF_MEMORY") {
    return new AppError("payload_too_large", "The document needs more memory to convert than the converter allows; it was stopped.", { maxHeapMb: WORKER_LIMITS.maxOldGenerationSizeMb });
  }
  return new AppError("internal", `The conversion worker failed: ${error.message}`);
}

function rebuild(error: { code?: string; message: string; details?: unknown }): Error {
  if (error.code && error.code in ERRORS) return new AppError(error.code as ErrorCode, error.message, error.details);
  return new Error(`Conversion failed in a worker: ${error.message}`);
}
