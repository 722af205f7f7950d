import { statfs, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { databasePool, databaseProblem, engine } from "../db";
import { env } from "../env";
import { jobQueue } from "../jobs/job-queue";
import { jobRunnerLoad } from "../jobs/runner";
import { workerLanes, workerProblem } from "../workers/pool";

/**
 * What the server entry asks the app for /readyz and /metrics (server/entry/operations.mjs): the
 * entry is plain Node outside Next's bundles, so the app hands it these functions on globalThis
 * when it starts (instrumentation.ts). The composition root's, since it reads the database, the
 * job queue and the worker pool, none of which knows the others.
 */
export interface Operations {
  /** each check's problem, or null when it passes; every check answers within CHECK_TIMEOUT_MS */
  readiness(): Promise<Record<"database" | "workers" | "disk", string | null>>;
  /** the gauges /metrics reports, read when it is scraped */
  snapshot(): Promise<OperationsSnapshot>;
}

export interface OperationsSnapshot {
  /** on every instance (the shared queue); null when the database did not answer */
  jobs: { queued: number; running: number } | null;
  /** this process's job runner */
  runner: { active: number; capacity: number };
  workers: { lane: string; threads: number; busy: number; waiting: number }[];
  database: { engine: string; max: number; open: number; inUse: number; waiting: number };
}

/** A check that has not answered by then has failed: a database that hangs is not ready either. */
const CHECK_TIMEOUT_MS = 3_000;

function withinTime<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${CHECK_TIMEOUT_MS / 1000} s`)), CHECK_TIMEOUT_MS);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** A problem, or null: what the check threw becomes its problem. */
async function problemOf(check: () => Promise<string | null>, what: string): Promise<string | null> {
  try {
    return await withinTime(check(), what);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/**
 * The data folder (the SQLite file, secrets, job files) takes a write and has room: a full disk or
 * a folder turned read-only fails every save, and an instance that cannot save is not ready.
 */
async function diskProblem(): Promise<string | null> {
  const dir = path.resolve(env.INKSTONE_DATA_DIR);
  const { bavail, bsize } = await statfs(dir);
  const freeMb = Math.floor((bavail * bsize) / (1024 * 1024));
  if (freeMb < env.INKSTONE_READY_MIN_FREE_MB) return `${freeMb} MB free in ${dir}, under the ${env.INKSTONE_READY_MIN_FREE_MB} MB INKSTONE_READY_MIN_FREE_MB asks for.`;
  const probe = path.join(dir, `.readyz-${process.pid}`);
  await writeFile(probe, "");
  await unlink(probe);
  return null;
}

async function workersProblem(): Promise<string | null> {
  if (!jobRunnerLoad().started) return "The job runner has not started.";
  return workerProblem();
}

export const operations: Operations = {
  async readiness() {
    const [database, workers, disk] = await Promise.all([
      problemOf(databaseProblem, "The database"),
      problemOf(workersProblem, "The workers' check"),
      problemOf(diskProblem, "The data folder"),
    ]);
    return { database, workers, disk };
  },
  async snapshot() {
    const jobs = await withinTime(jobQueue.depth(), "The job queue").catch(() => null);
    const { active, capacity } = jobRunnerLoad();
    return { jobs, runner: { active, capacity }, workers: workerLanes(), database: { engine, ...databasePool() } };
  },
};

/** Hands the entry these functions (see Operations). */
export function publishOperations(): void {
  Object.assign(globalThis, { [Symbol.for("inkstone.operations")]: operations });
}
