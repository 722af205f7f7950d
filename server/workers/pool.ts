import { existsSync } from "node:fs";
import path from "node:path";
import Piscina from "piscina";
import { env } from "../env";
import { AppError, ERRORS, type ErrorCode } from "../errors";
import type { WorkerReply, WorkerTask } from "./task";

/**
 * Every piece of work on a writer's text or file that could take long (reading and writing
 * documents, sniffing and unzipping them, analysis, parsing a large body) runs here, in worker
 * threads managed by piscina, never on the thread that answers requests. Three guarantees hold
 * from outside the work, whatever the work does:
 *
 * - a deadline, counted from the moment the task is queued: when it passes, a waiting task leaves
 *   the queue and a running one's worker is terminated (piscina terminates the worker an aborted
 *   task runs on), so no loop or catastrophic pattern inside the work can outlive it;
 * - a memory cap: each worker has V8 heap limits, and running out kills that worker only;
 * - fairness: each writer may hold at most `perOwnerRunning` workers and `perOwnerWaiting` queued
 *   tasks of a lane, and free workers go to writers in turn, so one writer's flood waits behind
 *   itself and never in front of another writer's work.
 *
 * The pool lives on globalThis: Next bundles server code more than once (the instrumentation hook
 * and each route), and a module-level pool would run once per bundle.
 */

type Lane = "heavy" | "quick";

interface LaneSettings {
  /** worker threads */
  size: number;
  /** of those, the most one writer's tasks may occupy at once */
  perOwnerRunning: number;
  /** tasks one writer may have waiting */
  perOwnerWaiting: number;
  /** tasks all writers together may have waiting (each holds its input in memory) */
  maxWaiting: number;
}

const HEAVY_WORKERS = env.INKSTONE_WORKERS;

export const LANES: Record<Lane, LaneSettings> = {
  // Conversions, exports and analyses. One worker is always left to other writers.
  heavy: { size: HEAVY_WORKERS, perOwnerRunning: Math.max(1, HEAVY_WORKERS - 1), perOwnerWaiting: 4, maxWaiting: HEAVY_WORKERS * 8 },
  // Short, bounded work a request waits on (parsing a large body): never queued behind a conversion.
  quick: { size: 1, perOwnerRunning: 1, perOwnerWaiting: 4, maxWaiting: 16 },
};

/**
 * Caps on a worker's own V8 heap, so a runaway task kills its worker and not the server. pandoc's
 * WASM memory lives outside this heap; what counts here is the JS side (mammoth, turndown, the
 * model, analysis; the Typst compiler of the PDF writer is native and outside it too). A 216,000-word novel through md→ODT→model ran within 96 MB; 512 MB
 * leaves room for larger books and for EPUBs with images.
 */
const WORKER_LIMITS = { maxOldGenerationSizeMb: 512, maxYoungGenerationSizeMb: 64, stackSizeMb: 8 } as const;
const IDLE_MS = 30_000;
const QUEUE_FULL_RETRY_SECONDS = 10;

/** Where scripts/build-worker.mjs puts the bundled worker (relative to the app's root). */
// turbopackIgnore: otherwise `next build` takes the path for an import of every file under the
// app's root (README.md, docs …) and fails on them.
const WORKER_FILE = path.join(/* turbopackIgnore: true */ process.cwd(), ".build", "worker.mjs");

interface WorkOptions {
  /** the writer the work is for (fairness); work nobody asked for directly shares "system" */
  owner?: string;
  /** from the moment the task is queued */
  timeoutMs: number;
  /** what the caller is told when the deadline passes */
  timeoutError: () => AppError;
  /** aborting it takes the task out of the queue, or terminates the worker running it */
  signal?: AbortSignal;
  lane?: Lane;
}

interface Entry {
  task: WorkerTask;
  owner: string;
  controller: AbortController;
  settle(outcome: { value: unknown } | { error: Error }): void;
}

interface LaneState {
  settings: LaneSettings;
  piscina: Piscina | null;
  running: Map<string, number>;
  waiting: Map<string, Entry[]>;
  /** owners with waiting tasks, in the order they are served */
  turn: string[];
}

const globalForWorkers = globalThis as { inkstoneWorkerLanes?: Record<Lane, LaneState> };
const lanes = (globalForWorkers.inkstoneWorkerLanes ??= {
  heavy: newLane(LANES.heavy),
  quick: newLane(LANES.quick),
});

function newLane(settings: LaneSettings): LaneState {
  return { settings, piscina: null, running: new Map(), waiting: new Map(), turn: [] };
}

/** Runs `task` in a worker under the options' deadline, signal and the lane's fairness rules. */
export async function runInWorker<T>(task: WorkerTask, options: WorkOptions): Promise<T> {
  if (!existsSync(WORKER_FILE)) {
    throw new AppError("internal", `The worker ${WORKER_FILE} is missing: run \`node scripts/build-worker.mjs\` (npm run build does).`);
  }
  const lane = lanes[options.lane ?? "heavy"];
  const owner = options.owner ?? "system";
  if (options.signal?.aborted) throw abortReason(options.signal);
  refuseWhenFull(lane, owner);
  return new Promise<T>((resolve, reject) => {
    const controller = new AbortController();
    const deadline = setTimeout(() => controller.abort(options.timeoutError()), options.timeoutMs);
    deadline.unref();
    const onCallerAbort = () => controller.abort(abortReason(options.signal!));
    options.signal?.addEventListener("abort", onCallerAbort, { once: true });
    const entry: Entry = {
      task,
      owner,
      controller,
      settle(outcome) {
        clearTimeout(deadline);
        options.signal?.removeEventListener("abort", onCallerAbort);
        if ("value" in outcome) resolve(outcome.value as T);
        else reject(outcome.error);
      },
    };
    // While waiting, an abort only takes the entry out of the queue; once running, piscina
    // terminates its worker and rejects, which `start` turns into the abort's reason.
    controller.signal.addEventListener("abort", () => leaveQueue(lane, entry), { once: true });
    enqueue(lane, entry);
    dispatch(lane);
  });
}

function refuseWhenFull(lane: LaneState, owner: string): void {
  const { perOwnerWaiting, maxWaiting } = lane.settings;
  const mine = lane.waiting.get(owner)?.length ?? 0;
  let all = 0;
  for (const entries of lane.waiting.values()) all += entries.length;
  if (mine >= perOwnerWaiting) {
    throw new AppError("rate_limited", `You already have ${mine} documents waiting for the converter; try again when one has finished.`, { perWriter: perOwnerWaiting }, QUEUE_FULL_RETRY_SECONDS);
  }
  if (all >= maxWaiting) {
    throw new AppError("rate_limited", `The converter is busy (${all} tasks waiting); try again in a few seconds.`, { maxWaiting }, QUEUE_FULL_RETRY_SECONDS);
  }
}

function enqueue(lane: LaneState, entry: Entry): void {
  const entries = lane.waiting.get(entry.owner);
  if (entries) entries.push(entry);
  else {
    lane.waiting.set(entry.owner, [entry]);
    lane.turn.push(entry.owner);
  }
}

function leaveQueue(lane: LaneState, entry: Entry): void {
  const entries = lane.waiting.get(entry.owner);
  const index = entries?.indexOf(entry) ?? -1;
  if (index < 0) return;
  entries!.splice(index, 1);
  if (entries!.length === 0) forget(lane, entry.owner);
  entry.settle({ error: abortReason(entry.controller.signal) });
}

function forget(lane: LaneState, owner: string): void {
  lane.waiting.delete(owner);
  lane.turn = lane.turn.filter((o) => o !== owner);
}

/** Hands free workers to waiting writers in turn, each within its share. */
function dispatch(lane: LaneState): void {
  let busy = 0;
  for (const count of lane.running.values()) busy += count;
  while (busy < lane.settings.size) {
    const owner = lane.turn.find((o) => (lane.running.get(o) ?? 0) < lane.settings.perOwnerRunning);
    if (owner === undefined) return;
    const entries = lane.waiting.get(owner)!;
    const entry = entries.shift()!;
    // The writer goes to the back of the line; with nothing left waiting, out of it.
    lane.turn = lane.turn.filter((o) => o !== owner);
    if (entries.length > 0) lane.turn.push(owner);
    else lane.waiting.delete(owner);
    busy++;
    start(lane, entry);
  }
}

function start(lane: LaneState, entry: Entry): void {
  lane.running.set(entry.owner, (lane.running.get(entry.owner) ?? 0) + 1);
  lane.piscina ??= new Piscina({
    filename: WORKER_FILE,
    minThreads: 0,
    maxThreads: lane.settings.size,
    idleTimeout: IDLE_MS,
    resourceLimits: WORKER_LIMITS,
    concurrentTasksPerWorker: 1,
  });
  lane.piscina
    .run(entry.task, { signal: entry.controller.signal })
    .then(
      (reply: WorkerReply) => entry.settle(reply.ok ? { value: reply.value } : { error: rebuild(reply.error) }),
      (error: Error & { code?: string }) => {
        if (entry.controller.signal.aborted) entry.settle({ error: abortReason(entry.controller.signal) });
        else entry.settle({ error: workerDied(error) });
      },
    )
    .finally(() => {
      const left = (lane.running.get(entry.owner) ?? 1) - 1;
      if (left > 0) lane.running.set(entry.owner, left);
      else lane.running.delete(entry.owner);
      dispatch(lane);
    });
}

function abortReason(signal: AbortSignal): AppError {
  return signal.reason instanceof AppError
    ? signal.reason
    : new AppError("conversion_timed_out", "The work was stopped before it finished: what it belonged to was cancelled or ran out of time.");
}

function workerDied(error: Error & { code?: string }): AppError {
  if (error.code === "ERR_WORKER_OUT_OF_MEMORY") {
    return new AppError("payload_too_large", "The document needs more memory than a worker is allowed; it was stopped.", { maxHeapMb: WORKER_LIMITS.maxOldGenerationSizeMb });
  }
  console.error("a worker stopped unexpectedly", error);
  return new AppError("internal", "The worker doing this stopped unexpectedly.");
}

function rebuild(error: { code?: string; message: string; details?: unknown }): AppError {
  if (error.code && error.code in ERRORS) return new AppError(error.code as ErrorCode, error.message, error.details);
  console.error("a worker task failed", error.message);
  return new AppError("internal", "The work failed on our side.");
}

/** How many tasks wait and run, per lane (for tests and the benchmark's probe). */
export function workerLoad(lane: Lane = "heavy"): { running: number; waiting: number } {
  const state = lanes[lane];
  let running = 0;
  let waiting = 0;
  for (const count of state.running.values()) running += count;
  for (const entries of state.waiting.values()) waiting += entries.length;
  return { running, waiting };
}
