import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { loadBook } from "../books/access";
import { sql } from "../db";
import { AppError } from "../errors";
import { analysisSummaryColumns, toAnalysisSummary } from "./analyses";
import { loadRunnableTemplate } from "./run-analysis";
import type { BatchOutcome, RunAnalysesInput } from "./schemas";
import { startRuns, type RunnableTemplate } from "./start-runs";

/** The caller's library, most recently installed first, with what a run needs. */
async function installedTemplates(userId: string): Promise<RunnableTemplate[]> {
  return sql
    .selectFrom("AnalysisTemplate")
    .innerJoin("AnalysisInstall", "AnalysisInstall.templateId", "AnalysisTemplate.id")
    .select(["AnalysisTemplate.id", "AnalysisTemplate.name", "AnalysisTemplate.version", "AnalysisTemplate.definition"])
    .where("AnalysisInstall.userId", "=", userId)
    .orderBy("AnalysisInstall.createdAt", "desc")
    .orderBy("AnalysisInstall.templateId", "asc")
    .execute();
}

/**
 * POST /api/v1/books/{bookId}/analyses/batch — several templates (or every installed one) on a
 * book in one request: the book is read once and every template runs on that reading, in one
 * background job whose work is one task in the worker pool. A template whose result for this book
 * version, template version and parameters is kept is not run again. Every template is checked
 * before anything runs: one that cannot run refuses the whole request.
 */
export async function runAnalyses(input: RunAnalysesInput & { bookId: string }, principal: Principal): Promise<BatchOutcome> {
  authorize(principal, "analyses.runMany");
  const book = await loadBook(principal, input.bookId, "analyses.runMany");
  const templates =
    input.templates === "installed"
      ? await installedTemplates(principal.userId)
      : await Promise.all([...new Set(input.templates)].map((templateId) => loadRunnableTemplate(principal, templateId)));
  if (templates.length === 0) {
    throw new AppError("template_not_installed", "Your library is empty: install a template before running all of them.", {
      search: { method: "GET", path: "/api/v1/analysis/search" },
    });
  }
  const { analysisIds, reused, job } = await startRuns(book, templates, input.parameters, principal, "analyses.runMany");
  const rows = await sql.selectFrom("AnalysisResult").select(analysisSummaryColumns).where("id", "in", analysisIds).execute();
  const analyses = analysisIds.map((id) => toAnalysisSummary(rows.find((row) => row.id === id)!));
  return { status: job === null || job.status === "succeeded" ? "done" : "queued", analyses, reused, job };
}
