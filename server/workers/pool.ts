import { existsSync } from "node:fs";
import path from "node:path";
import Piscina from "piscina";
import { env } from "../env";
import { AppError, ERRORS, type ErrorCode } from "../errors";
import type { WorkerReply, WorkerTask } from "./task";
import { log } from "../log.mjs";

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
 *   tasks of a lane, and a free worker goes to the waiting writer who holds fewest of the lane's
 *   workers, then to the one served longest ago, so however many accounts flood a lane, a writer
 *   who arrives is next; a task that has run past its `yieldAfterMs` (its own or its lane's) gives
 *   its worker up (it is stopped) when such a writer waits and no worker is free, unless that
 *   writer's own last task there was stopped for overrunning.
 *
 * The pool lives on globalThis: Next bundles server code more than once (the instrumentation hook
 * and each route), and a module-level pool would run once per bundle.
 */

type Lane = "heavy" | "quick" | "scan";

interface LaneSettings {
  /** worker threads */
  size: number;
  /** of those, the most one writer's tasks may occupy at once */
  perOwnerRunning: number;
  /** tasks one writer may have waiting */
  perOwnerWaiting: number;
  /** tasks all writers together may have waiting (each holds its input in memory) */
  maxWaiting: number;
  /** a task running this long is stopped when another writer waits for a worker and none is free (tasks may say otherwise) */
  yieldAfterMs?: number;
}

const HEAVY_WORKERS = env.INKSTONE_WORKERS;

export const LANES: Record<Lane, LaneSettings> = {
  // Conversions, exports and analyses. One worker is always left to other writers.
  heavy: { size: HEAVY_WORKERS, perOwnerRunning: Math.max(1, HEAVY_WORKERS - 1), perOwnerWaiting: 4, maxWaiting: HEAVY_WORKERS * 8 },
  // Bounded, linear work a save or an upload waits on (parsing a large body, counting, diffing):
  // never queued behind a conversion or a search, and never refused for a full queue, since a
  // save must not be (each waiting task's input is a request body already held in memory).
  quick: { size: 1, perOwnerRunning: 1, perOwnerWaiting: Infinity, maxWaiting: Infinity },
  // Searches and replace previews: RE2 is linear, but a large book times a large pattern can take
  // seconds. A search takes tens of milliseconds, so one running for two seconds yields to another
  // writer's (docs/decisions/0447-fair-worker-lanes.md).
  scan: { size: 1, perOwnerRunning: 1, perOwnerWaiting: 4, maxWaiting: 16, yieldAfterMs: 2_000 },
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
  /**
   * how long the work may run (from when a worker takes it) before it gives its worker up to a
   * writer holding fewer of the lane's workers, should one wait; the lane's when not given
   */
  yieldAfterMs?: number;
  /** what the caller is told when the deadline passes */
  timeoutError: () => AppError;
  /** what the caller is told when the task gave its worker up to another writer (yieldAfterMs) */
  yieldError?: () => AppError;
  /** aborting it takes the task out of the queue, or terminates the worker running it */
  signal?: AbortSignal;
  lane?: Lane;
}

interface Entry {
  task: WorkerTask;
  owner: string;
  controller: AbortController;
  yieldError: () => AppError;
  yieldAfterMs?: number;
  /** performance.now() when it was queued */
  queuedAt: number;
  /** performance.now() when a worker took it */
  startedAt?: number;
  settle(outcome: { value: unknown } | { error: Error }): void;
}

interface LaneState {
  settings: LaneSettings;
  piscina: Piscina | null;
  running: Set<Entry>;
  waiting: Map<string, Entry[]>;
  /** when each writer with work in the lane was last given a worker (a rising count) */
  lastServed: Map<string, number>;
  served: number;
  /**
   * writers whose last task here ran past its yieldAfterMs and was stopped: they wait their turn
   * but make nobody yield, so a writer whose slow search made way is not stopped in return
   */
  overran: Set<string>;
  /** pending look at running tasks becoming overdue (yieldAfterMs) */
  yieldCheck?: NodeJS.Timeout;
}

const globalForWorkers = globalThis as { inkstoneWorkerLanes?: Record<Lane, LaneState> };
const lanes = (globalForWorkers.inkstoneWorkerLanes ??= {
  heavy: newLane(LANES.heavy),
  quick: newLane(LANES.quick),
  scan: newLane(LANES.scan),
});

function newLane(settings: LaneSettings): LaneState {
  return { settings, piscina: null, running: new Set(), waiting: new Map(), lastServed: new Map(), served: 0, overran: new Set() };
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
      yieldError: options.yieldError ?? options.timeoutError,
      queuedAt: performance.now(),
      yieldAfterMs: options.yieldAfterMs ?? lane.settings.yieldAfterMs,
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
  else lane.waiting.set(entry.owner, [entry]);
}

function leaveQueue(lane: LaneState, entry: Entry): void {
  const entries = lane.waiting.get(entry.owner);
  const index = entries?.indexOf(entry) ?? -1;
  if (index < 0) return;
  entries!.splice(index, 1);
  if (entries!.length === 0) lane.waiting.delete(entry.owner);
  forgetIdle(lane, entry.owner);
  entry.settle({ error: abortReason(entry.controller.signal) });
}

function runningOf(lane: LaneState, owner: string): number {
  let count = 0;
  for (const entry of lane.running) if (entry.owner === owner) count++;
  return count;
}

/** A writer with nothing waiting or running starts afresh next time (and leaves no trace behind). */
function forgetIdle(lane: LaneState, owner: string): void {
  if (!lane.waiting.has(owner) && runningOf(lane, owner) === 0) lane.lastServed.delete(owner);
}

/**
 * The waiting writer a free worker goes to: of those within their share, the one holding fewest
 * of the lane's workers, then the one served longest ago (never, for a newcomer), then the one
 * whose oldest task has waited longest.
 */
function nextOwner(lane: LaneState, mayClaim: (owner: string) => boolean = () => true): { owner: string; running: number } | undefined {
  let best: { owner: string; running: number; served: number; queuedAt: number } | undefined;
  for (const [owner, entries] of lane.waiting) {
    if (!mayClaim(owner)) continue;
    const running = runningOf(lane, owner);
    if (running >= lane.settings.perOwnerRunning) continue;
    const candidate = { owner, running, served: lane.lastServed.get(owner) ?? -1, queuedAt: entries[0]!.queuedAt };
    if (!best || candidate.running < best.running || (candidate.running === best.running && (candidate.served < best.served || (candidate.served === best.served && candidate.queuedAt < best.queuedAt)))) {
      best = candidate;
    }
  }
  return best;
}

/** Hands free workers to waiting writers (see nextOwner); with none free, may stop an overdue task (yieldAfterMs). */
function dispatch(lane: LaneState): void {
  while (lane.running.size < lane.settings.size) {
    const next = nextOwner(lane);
    if (next === undefined) return;
    const entries = lane.waiting.get(next.owner)!;
    const entry = entries.shift()!;
    if (entries.length === 0) lane.waiting.delete(next.owner);
    lane.lastServed.set(next.owner, ++lane.served);
    start(lane, entry);
  }
  const claimant = nextOwner(lane, (owner) => !lane.overran.has(owner));
  if (claimant !== undefined) yieldOverdue(lane, claimant.running);
}

/**
 * Stops the longest-running task, of a writer holding more of the lane than the one waiting, that
 * has run past its yieldAfterMs; its worker is terminated and `start` hands the lane on.
 */
function yieldOverdue(lane: LaneState, waiterRunning: number): void {
  const now = performance.now();
  let overdue: Entry | undefined;
  for (const entry of lane.running) {
    if (entry.yieldAfterMs === undefined || entry.controller.signal.aborted || now - entry.startedAt! < entry.yieldAfterMs) continue;
    if (runningOf(lane, entry.owner) <= waiterRunning) continue;
    if (!overdue || entry.startedAt! < overdue.startedAt!) overdue = entry;
  }
  if (overdue) overdue.controller.abort(overdue.yieldError());
  else scheduleYieldCheck(lane);
}

/** Looks again when the earliest running task becomes overdue, while someone still waits. */
function scheduleYieldCheck(lane: LaneState): void {
  if (lane.yieldCheck) return;
  let earliest = Infinity;
  for (const entry of lane.running) {
    if (entry.yieldAfterMs !== undefined && !entry.controller.signal.aborted) earliest = Math.min(earliest, entry.startedAt! + entry.yieldAfterMs);
  }
  if (earliest === Infinity) return;
  lane.yieldCheck = setTimeout(() => {
    lane.yieldCheck = undefined;
    dispatch(lane);
  }, Math.max(0, earliest - performance.now()));
  lane.yieldCheck.unref();
}

function start(lane: LaneState, entry: Entry): void {
  entry.startedAt = performance.now();
  lane.running.add(entry);
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
      const overran = entry.yieldAfterMs !== undefined && performance.now() - entry.startedAt! >= entry.yieldAfterMs;
      if (!entry.controller.signal.aborted) lane.overran.delete(entry.owner);
      else if (overran) lane.overran.add(entry.owner);
      lane.running.delete(entry);
      forgetIdle(lane, entry.owner);
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
  log.error({ err: error }, "a worker stopped unexpectedly");
  return new AppError("internal", "The worker doing this stopped unexpectedly.");
}

function rebuild(error: { code?: string; message: string; details?: unknown }): AppError {
  if (error.code && error.code in ERRORS) return new AppError(error.code as ErrorCode, error.message, error.details);
  log.error(`a worker task failed: ${error.message}`);
  return new AppError("internal", "The work failed on our side.");
}

/** Every lane's threads, how many run a task and how many tasks wait (the metrics' worker saturation). */
export function workerLanes(): { lane: Lane; threads: number; busy: number; waiting: number }[] {
  return (Object.keys(lanes) as Lane[]).map((lane) => {
    const { running, waiting } = workerLoad(lane);
    return { lane, threads: lanes[lane].settings.size, busy: running, waiting };
  });
}

/** Why no worker could start (its bundle is missing), or null (readiness, /readyz). */
export function workerProblem(): string | null {
  return existsSync(WORKER_FILE) ? null : `The worker ${WORKER_FILE} is missing: run \`node scripts/build-worker.mjs\` (npm run build does).`;
}

/** How many tasks wait and run, per lane (for tests and the benchmark's probe). */
export function workerLoad(lane: Lane = "heavy"): { running: number; waiting: number } {
  const state = lanes[lane];
  let waiting = 0;
  for (const entries of state.waiting.values()) waiting += entries.length;
  return { running: state.running.size, waiting };
}
