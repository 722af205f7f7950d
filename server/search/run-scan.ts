import { env } from "../env";
import { AppError } from "../errors";
import { runInWorker } from "../workers/pool";
import type { WorkerTask } from "../workers/task";
import { performSearchTask, type SearchTask } from "./engine/task";

/**
 * Plain-text scans of up to this many characters run on the web thread (indexOf over 128 Ki
 * characters takes well under a millisecond, less than a worker round trip). Longer texts, and
 * every regular expression, go to the pool's scan lane under a deadline, where a search that has
 * run for seconds gives its worker up to another writer's.
 */
const SCAN_HERE_CHARACTERS = 128 * 1024;
/**
 * A 3,000,000-character book scans in tens of milliseconds; this only stops what has gone wrong
 * (10 s unless the operator says: INKSTONE_SEARCH_TIMEOUT_MS).
 */
export const SEARCH_TIMEOUT_MS = env.INKSTONE_SEARCH_TIMEOUT_MS;

/** The search deadline in words: "10 seconds", or "500 ms" where an operator set less than one. */
export const SEARCH_TIMEOUT_WORDS = SEARCH_TIMEOUT_MS >= 1000 ? `${(SEARCH_TIMEOUT_MS / 1000).toLocaleString("en")} seconds` : `${SEARCH_TIMEOUT_MS} ms`;

function characters(task: SearchTask): number {
  let total = 0;
  for (const chapter of task.chapters) total += chapter.title.length + chapter.content.length;
  return total;
}

/** Runs a search in the pool's scan lane, under the search deadline. */
export function searchInWorker<T>(task: WorkerTask, owner: string): Promise<T> {
  return runInWorker<T>(task, {
    lane: "scan",
    owner,
    timeoutMs: SEARCH_TIMEOUT_MS,
    timeoutError: () =>
      new AppError("search_timed_out", `The search did not finish within ${SEARCH_TIMEOUT_WORDS} and was stopped; try a simpler pattern.`, {
        timeoutMs: SEARCH_TIMEOUT_MS,
      }),
    yieldError: () =>
      new AppError("search_timed_out", "The search ran for seconds while other writers were waiting to search, and was stopped; try a simpler pattern.", {
        timeoutMs: SEARCH_TIMEOUT_MS,
      }),
  });
}

/** Runs a scan of a book's text where it cannot hold up other requests. */
export async function runScan<T>(task: SearchTask, owner: string): Promise<T> {
  if (!task.spec.regex && characters(task) <= SCAN_HERE_CHARACTERS) return performSearchTask(task) as T;
  return searchInWorker<T>(task, owner);
}
