import { AppError } from "../errors";
import { runInWorker } from "../workers/pool";
import type { CountRule } from "./count-rule";
import { countProse } from "./prose";
import { changedLines, EDIT_WORDS_HERE, matchedChange, trueTo, wordChange, type WordChange } from "./word-change";

/** Counting texts, and the words one version changed, for a worker thread (see server/workers). */
export type TextTask =
  | { op: "count-prose"; texts: string[]; rule: CountRule }
  | { op: "word-change"; before: string; after: string; rule: CountRule; counts: { before: number; after: number } };

/**
 * Texts up to this many characters in all are counted on the web thread: countProse takes about
 * 55 ms a MiB, so this is a few milliseconds, less than a worker round trip costs. Longer ones (a
 * 5 MiB chapter, a whole imported book) are counted in the pool's quick lane.
 */
const COUNT_HERE_CHARACTERS = 128 * 1024;
const COUNT_TIMEOUT_MS = 30_000;

/** Each text's count by the book's counting rule (server/text/prose.ts); `owner` is whose turn it takes. */
export async function countProseOf(texts: string[], rule: CountRule, owner: string): Promise<number[]> {
  if (texts.reduce((sum, text) => sum + text.length, 0) <= COUNT_HERE_CHARACTERS) return texts.map((text) => countProse(text, rule));
  return runInWorker<number[]>({ op: "count-prose", texts, rule }, {
    lane: "quick",
    owner,
    timeoutMs: COUNT_TIMEOUT_MS,
    timeoutError: () => new AppError("rate_limited", "The server is busy counting other writers' chapters; try again in a few seconds.", undefined, 5),
  });
}

/**
 * The words a save added and removed (see wordChange), `counts` being both versions' whole counts.
 * Only the changed lines are diffed: found here (a comparison of memory), and diffed here within
 * a small budget, which an autosave's paragraph or two needs; a long stretch rewritten, or many
 * scattered edits, go to the quick lane.
 */
/**
 * Changed lines up to this many characters are diffed on the web thread. jsdiff's Myers costs
 * tokens × edit budget, so a hostile save (128 Ki characters of "a b " turned into "b a ", or
 * 天地 into 地天) took 17–38 ms here at 128 Ki and ~5 ms at 16 Ki; an autosave's paragraph or two
 * is far below this.
 */
const DIFF_HERE_CHARACTERS = 16 * 1024;

export async function wordChangeOf(before: string, after: string, rule: CountRule, counts: { before: number; after: number }, owner: string): Promise<WordChange> {
  const lines = changedLines(before, after);
  if (lines.before.length + lines.after.length <= DIFF_HERE_CHARACTERS) {
    const change = matchedChange(lines, rule, EDIT_WORDS_HERE);
    if (change) return trueTo(counts, change);
  }
  return runInWorker<WordChange>({ op: "word-change", ...lines, rule, counts }, {
    lane: "quick",
    owner,
    timeoutMs: COUNT_TIMEOUT_MS,
    timeoutError: () => new AppError("rate_limited", "The server is busy counting other writers' chapters; try again in a few seconds.", undefined, 5),
  });
}

export function performTextTask(task: TextTask): number[] | WordChange {
  return task.op === "count-prose" ? task.texts.map((text) => countProse(text, task.rule)) : wordChange(task.before, task.after, task.rule, task.counts);
}
