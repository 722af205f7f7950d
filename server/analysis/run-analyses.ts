import { z } from "zod";
import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { loadBook } from "../books/access";
import { sql } from "../db";
import { AppError } from "../errors";
import { jobSchema } from "../jobs/schemas";
import { analysisSummaryColumns, toAnalysisSummary } from "./analyses";
import { loadRunnableTemplate } from "./run-analysis";
import { analysisSummarySchema, type RunAnalysesInput } from "./schemas";
import { startRuns, type RunnableTemplate } from "./start-runs";

export const batchOutcomeSchema = z
  .object({
    status: z.enum(["done", "queued"]).describe("done: every analysis has finished; queued: follow the job"),
    analyses: z.array(analysisSummarySchema).describe("one per template, in the order asked (the library's order for all installed)"),
    reused: z.array(z.string()).describe("the analyses kept from an earlier run on the same book version, template version and parameters"),
    job: jobSchema.nullable().describe("the job computing the others; null when every result was reused"),
  })
  .meta({ id: "AnalysisBatch" });
export type BatchOutcome = z.infer<typeof batchOutcomeSchema>;

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
  const book = await loadBook(principal, input.bookId);
  const templates =
    input.templates === "installed"
      ? await installedTemplates(principal.userId)
      : await Promise.all([...new Set(input.templates)].map((templateId) => loadRunnableTemplate(principal, templateId)));
  if (templates.length === 0) {
    throw new AppError("template_not_installed", "Your library is empty: install a template before running all of them.", {
      search: { method: "GET", path: "/api/v1/analysis/search" },
    });
  }
  const { analysisIds, reused, job } = await startRuns(book, templates, input.parameters, principal);
  const rows = await sql.selectFrom("AnalysisResult").select(analysisSummaryColumns).where("id", "in", analysisIds).execute();
  const analyses = analysisIds.map((id) => toAnalysisSummary(rows.find((row) => row.id === id)!));
  return { status: job === null || job.status === "succeeded" ? "done" : "queued", analyses, reused, job };
}
