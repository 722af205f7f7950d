import { sql } from "../db";
import { AppError } from "../errors";
import { runInWorker } from "../workers/pool";
import type { AnalysisReport, AnalysisTask } from "./engine";

/**
 * How long an analysis may take, waiting for a free worker included. Every built-in template
 * runs on a 100,000-word book in well under a second, and on 400 KB of pathological text in a
 * few; a minute is a hang or a long queue.
 */
export const ANALYSIS_TIME_LIMIT_MS = 60_000;

const TIMED_OUT = {
  code: "job_timed_out",
  message: `The analysis did not finish within ${ANALYSIS_TIME_LIMIT_MS / 1000} s (waiting for a free worker included) and was stopped.`,
};

/**
 * Runs one stored analysis to its end: reads the book's chapters as they are now, runs the
 * template's definition as it was copied at the request, and stores the report or the failure.
 * The background job calls this; it never sees the caller (access was checked at the request).
 * The engine runs in a worker of the pool, never on this thread: the deadline, and the job's
 * signal, terminate that worker from outside.
 */
export async function performAnalysis(analysisId: string, signal?: AbortSignal): Promise<{ analysisId: string }> {
  const started = await sql
    .updateTable("AnalysisResult")
    .set({ status: "running", startedAt: new Date() })
    .where("id", "=", analysisId)
    .returning(["bookId", "ownerId", "definition", "parameters"])
    .executeTakeFirst();
  if (!started) throw new AppError("not_found", "No analysis has this id.");
  const book = await sql.selectFrom("Book").select("title").where("id", "=", started.bookId).executeTakeFirstOrThrow();
  const analysis = { ...started, book };
  const timedOut = new AppError("conversion_timed_out", TIMED_OUT.message, { timeoutMs: ANALYSIS_TIME_LIMIT_MS });
  try {
    const chapters = await sql
      .selectFrom("Chapter")
      .select(["id", "title", "content"])
      .where("bookId", "=", analysis.bookId)
      .where("deletedAt", "is", null)
      .orderBy("position")
      .execute();
    const began = performance.now();
    const task: AnalysisTask = {
      op: "analyze",
      definitions: [JSON.parse(analysis.definition)],
      book: { title: analysis.book.title, chapters },
      parameters: JSON.parse(analysis.parameters),
    };
    const [report] = await runInWorker<AnalysisReport[]>(task, {
      owner: analysis.ownerId,
      lane: "heavy",
      timeoutMs: ANALYSIS_TIME_LIMIT_MS,
      timeoutError: () => timedOut,
      signal,
    });
    await sql
      .updateTable("AnalysisResult")
      .set({ status: "succeeded", report: JSON.stringify(report), finishedAt: new Date(), durationMs: Math.round(performance.now() - began) })
      .where("id", "=", analysisId)
      .execute();
    return { analysisId };
  } catch (error) {
    const failure =
      signal?.aborted || error === timedOut
        ? TIMED_OUT
        : error instanceof AppError
          ? { code: error.code, message: error.message }
          : { code: "internal", message: "The analysis failed on our side." };
    if (failure.code === "internal") console.error(error);
    await sql.updateTable("AnalysisResult").set({ status: "failed", error: JSON.stringify(failure), finishedAt: new Date() }).where("id", "=", analysisId).execute();
    throw error;
  }
}
