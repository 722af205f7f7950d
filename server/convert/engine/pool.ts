import { existsSync } from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { AppError, ERRORS, type ErrorCode } from "../../errors";
import type { Task, TaskResult, WorkerReply } from "./task";

/**
 * A small pool of conversion workers (worker_threads). Each job gets a time limit; a worker that
 * overruns is terminated (the only way to stop a WASM pandoc mid-run) and replaced on demand. Idle
 * workers exit after a while so pandoc's few hundred MB are given back.
 */

export const POOL_SIZE = Math.max(1, Math.min(4, Number(process.env.INKSTONE_CONVERT_WORKERS) || 2));
export const DEFAULT_TIMEOUT_MS = 120_000;
const IDLE_MS = 30_000;

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
  timeoutMs: number;
  resolve(value: TaskResult): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  timer?: NodeJS.Timeout;
  idle?: NodeJS.Timeout;
}

const slots: Slot[] = [];
const queue: Job[] = [];

export async function runTask(task: Task, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<TaskResult> {
  if (!existsSync(WORKER_FILE)) {
    throw new AppError("internal", `The conversion worker ${WORKER_FILE} is missing: run \`node scripts/build-convert-worker.mjs\` (npm run build does).`);
  }
  return new Promise((resolve, reject) => {
    queue.push({ task, timeoutMs, resolve, reject });
    dispatch();
  });
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
  slot.timer = setTimeout(() => {
    fail(slot, new AppError("conversion_timed_out", `The conversion took longer than ${Math.round(job.timeoutMs / 1000)} s and was stopped.`, { timeoutMs: job.timeoutMs }));
  }, job.timeoutMs);
  slot.timer.unref();
  slot.worker.postMessage(job.task);
}

function finish(slot: Slot, reply: WorkerReply): void {
  const job = slot.job;
  if (!job) return;
  release(slot);
  if (reply.ok) job.resolve(reply.value);
  else job.reject(rebuild(reply.error));
  dispatch();
}

/** A failed or overrunning worker cannot be trusted with another job: it is terminated. */
function fail(slot: Slot, error: Error): void {
  const job = slot.job;
  release(slot);
  remove(slot);
  void slot.worker.terminate();
  job?.reject(error);
  dispatch();
}

function release(slot: Slot): void {
  clearTimeout(slot.timer);
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
    clearTimeout(slot.timer);
    job.reject(new AppError("internal", "The conversion worker stopped unexpectedly."));
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
