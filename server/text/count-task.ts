import { AppError } from "../errors";
import { runInWorker } from "../workers/pool";
import { countProse } from "./prose";

/** Counting texts, for a worker thread (see server/workers): linear in their length. */
export type TextTask = { op: "count-prose"; texts: string[] };

/**
 * Texts up to this many characters in all are counted on the web thread: countProse takes about
 * 55 ms a MiB, so this is a few milliseconds, less than a worker round trip costs. Longer ones (a
 * 5 MiB chapter, a whole imported book) are counted in the pool's quick lane.
 */
const COUNT_HERE_CHARACTERS = 128 * 1024;
const COUNT_TIMEOUT_MS = 30_000;

/** Each text's count by the one counting rule (server/text/prose.ts); `owner` is whose turn it takes. */
export async function countProseOf(texts: string[], owner: string): Promise<number[]> {
  if (texts.reduce((sum, text) => sum + text.length, 0) <= COUNT_HERE_CHARACTERS) return texts.map(countProse);
  return runInWorker<number[]>({ op: "count-prose", texts }, {
    lane: "quick",
    owner,
    timeoutMs: COUNT_TIMEOUT_MS,
    timeoutError: () => new AppError("rate_limited", "The server is busy counting other writers' chapters; try again in a few seconds.", undefined, 5),
  });
}

export function performTextTask(task: TextTask): number[] {
  return task.texts.map(countProse);
}
