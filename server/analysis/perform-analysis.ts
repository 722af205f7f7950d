import { setImmediate as nextTurn } from "node:timers/promises";
import { sql } from "../db";
import { AppError } from "../errors";
import { bookChapters } from "../search/book-chapters";
import { runInWorker } from "../workers/pool";
import { bookVersionOf } from "./book-version";
import type { AnalysisReport, AnalysisTask } from "./engine";
import { replaceOlderRuns } from "./replace-older-runs";
import { log } from "../log.mjs";

/**
 * How long the engine may take for one request's templates together, waiting for a free worker
 * included. Every built-in template at once takes well under a second on a 120,000-word novel and
 * some seconds on a 3,000,000-字 web novel (bench/analysis.mjs); two minutes is a hang or a long queue.
 */
export const ANALYSIS_TIME_LIMIT_MS = 120_000;

const TIMED_OUT = {
  code: "job_timed_out",
  message: `The analysis did not finish within ${ANALYSIS_TIME_LIMIT_MS / 1000} s (waiting for a free worker included) and was stopped.`,
};

/**
 * Runs stored analyses of one book to their end: reads the book's chapters as they are now, once,
 * runs every analysis's definition (as it was copied at the request) on that one reading in one
 * worker task, and stores each report, or the failure in each. The analyses of one call share
 * their book and parameters (one request made them). A background job calls this; it never sees
 * the caller (access was checked at the request). The engine runs in a worker of the pool, never
 * on this thread: the deadline, and the job's signal, terminate that worker from outside.
 * An analysis deleted meanwhile is skipped.
 */
export async function performAnalyses(analysisIds: string[], signal?: AbortSignal): Promise<{ analysisIds: string[] }> {
  const started = await sql
    .updateTable("AnalysisResult")
    .set({ status: "running", startedAt: new Date() })
    .where("id", "in", analysisIds)
    .returning(["id", "bookId", "ownerId", "templateId", "definition", "parameters"])
    .execute();
  if (started.length === 0) throw new AppError("not_found", "No analysis has these ids.");
  // In the order asked, so the job's result names the first one first.
  const runs = analysisIds.map((id) => started.find((run) => run.id === id)).filter((run) => run !== undefined);
  const { bookId, ownerId, parameters } = runs[0]!;
  const timedOut = new AppError("conversion_timed_out", TIMED_OUT.message, { timeoutMs: ANALYSIS_TIME_LIMIT_MS });
  let bookVersion: string | null = null;
  try {
    const book = await sql.selectFrom("Book").select(["title", "language"]).where("id", "=", bookId).executeTakeFirstOrThrow();
    const chapters = await bookChapters(bookId);
    bookVersion = await bookVersionOf({ ...book, chapters });
    const began = performance.now();
    const task: AnalysisTask = {
      op: "analyze",
      definitions: runs.map((run) => JSON.parse(run.definition)),
      book: { title: book.title, chapters: chapters.map(({ id, title, content }) => ({ id, title, content })) },
      parameters: JSON.parse(parameters),
    };
    const reports = await runInWorker<AnalysisReport[]>(task, {
      owner: ownerId,
      lane: "heavy",
      timeoutMs: ANALYSIS_TIME_LIMIT_MS,
      timeoutError: () => timedOut,
      signal,
    });
    // The engine's time is shared by the templates that ran together: each is given its share.
    const durationMs = Math.round((performance.now() - began) / runs.length);
    const finishedAt = new Date();
    for (const [index, run] of runs.entries()) {
      // Each report written in its own turn of the event loop: SQLite answers synchronously, so
      // twenty reports' writes in a row held every other request back (a GET's p99 +180 ms).
      if (index > 0) await nextTurn();
      await sql
        .updateTable("AnalysisResult")
        .set({ status: "succeeded", report: JSON.stringify(reports[index]), finishedAt, durationMs, bookVersion })
        .where("id", "=", run.id)
        .execute();
      await replaceOlderRuns({ id: run.id, bookId, templateId: run.templateId, parameters: run.parameters, bookVersion: bookVersion! });
    }
    return { analysisIds: runs.map((run) => run.id) };
  } catch (error) {
    const failure =
      signal?.aborted || error === timedOut
        ? TIMED_OUT
        : error instanceof AppError
          ? { code: error.code, message: error.message }
          : { code: "internal", message: "The analysis failed on our side." };
    if (failure.code === "internal") log.error({ err: error }, "an analysis failed on the server");
    await sql
      .updateTable("AnalysisResult")
      .set({ status: "failed", error: JSON.stringify(failure), finishedAt: new Date(), bookVersion })
      .where("id", "in", runs.map((run) => run.id))
      .execute();
    throw error;
  }
}

/** One stored analysis (the single-template run's job). */
export async function performAnalysis(analysisId: string, signal?: AbortSignal): Promise<{ analysisId: string }> {
  await performAnalyses([analysisId], signal);
  return { analysisId };
}
