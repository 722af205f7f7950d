import { sql, db } from "../db";
import { AppError } from "../errors";
import { analyzeBook } from "./engine";
import { parseDefinition } from "./templates";

/**
 * Runs one stored analysis to its end: reads the book's chapters as they are now, runs the
 * template's definition as it was copied at the request, and stores the report or the failure.
 * The background job calls this; it never sees the caller (access was checked at the request).
 */
export async function performAnalysis(analysisId: string): Promise<{ analysisId: string }> {
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
    const report = await analyzeBook(parseDefinition(analysis.definition), { title: analysis.book.title, chapters }, JSON.parse(analysis.parameters));
    await db.analysisResult.update({
      where: { id: analysisId },
      data: { status: "succeeded", report: JSON.stringify(report), finishedAt: new Date(), durationMs: Math.round(performance.now() - started) },
    });
    return { analysisId };
  } catch (error) {
    const failure = error instanceof AppError ? { code: error.code, message: error.message } : { code: "internal", message: "The analysis failed on our side." };
    if (!(error instanceof AppError)) console.error(error);
    await db.analysisResult.update({ where: { id: analysisId }, data: { status: "failed", error: JSON.stringify(failure), finishedAt: new Date() } });
    throw error;
  }
}
