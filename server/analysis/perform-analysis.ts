import { sql, db } from "../db";
import { AppError } from "../errors";
import { analyzeBook, Pacer } from "./engine";
import { parseDefinition } from "./templates";

/** The engine's pacing, which also stops the work when the job passes its time limit. */
class StoppablePacer extends Pacer {
  constructor(private readonly signal: AbortSignal | undefined) {
    super();
  }

  override async breathe(): Promise<void> {
    this.signal?.throwIfAborted();
    return super.breathe();
  }
}

/**
 * Runs one stored analysis to its end: reads the book's chapters as they are now, runs the
 * template's definition as it was copied at the request, and stores the report or the failure.
 * The background job calls this; it never sees the caller (access was checked at the request).
 */
export async function performAnalysis(analysisId: string, signal?: AbortSignal): Promise<{ analysisId: string }> {
  const analysis = await db.analysisResult.update({
    where: { id: analysisId },
    data: { status: "running", startedAt: new Date() },
    select: { bookId: true, definition: true, parameters: true, book: { select: { title: true } } },
  });
  try {
    const chapters = await sql
      .selectFrom("Chapter")
      .select(["id", "title", "content"])
      .where("bookId", "=", analysis.bookId)
      .where("deletedAt", "is", null)
      .orderBy("position")
      .execute();
    const started = performance.now();
    const report = await analyzeBook(
      parseDefinition(analysis.definition),
      { title: analysis.book.title, chapters },
      JSON.parse(analysis.parameters),
      new StoppablePacer(signal),
    );
    await db.analysisResult.update({
      where: { id: analysisId },
      data: { status: "succeeded", report: JSON.stringify(report), finishedAt: new Date(), durationMs: Math.round(performance.now() - started) },
    });
    return { analysisId };
  } catch (error) {
    const failure = signal?.aborted
      ? { code: "job_timed_out", message: "The analysis took too long and was stopped." }
      : error instanceof AppError
        ? { code: error.code, message: error.message }
        : { code: "internal", message: "The analysis failed on our side." };
    if (!signal?.aborted && !(error instanceof AppError)) console.error(error);
    await db.analysisResult.update({ where: { id: analysisId }, data: { status: "failed", error: JSON.stringify(failure), finishedAt: new Date() } });
    throw error;
  }
}
