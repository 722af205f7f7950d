import { z } from "zod";
import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { loadBook } from "../books/access";
import { sql } from "../db";
import { AppError } from "../errors";
import { jobSchema } from "../jobs/schemas";
import { readAnalysis } from "./analyses";
import { analysisSchema, type RunAnalysisInput } from "./schemas";
import { startRuns, type RunnableTemplate } from "./start-runs";
import { isInstalled, loadVisibleTemplate } from "./templates";

export const runOutcomeSchema = z.discriminatedUnion("status", [
  z.object({ status: z.literal("done"), analysis: analysisSchema }),
  z.object({ status: z.literal("queued"), job: jobSchema }),
]);
export type RunOutcome = z.infer<typeof runOutcomeSchema>;

/** A template runs for a writer who installed it or wrote it. */
export async function loadRunnableTemplate(principal: Principal, templateId: string): Promise<RunnableTemplate> {
  const installed = await isInstalled(principal.userId, templateId);
  const template = installed
    ? await sql.selectFrom("AnalysisTemplate").select(["id", "name", "version", "definition", "authorId"]).where("id", "=", templateId).executeTakeFirst()
    : await loadVisibleTemplate(principal, templateId);
  if (!template) throw new AppError("not_found", "No template has this id.", { templateId });
  if (!installed && template.authorId !== principal.userId) {
    throw new AppError("template_not_installed", "Install this template before running it.", {
      install: { method: "POST", path: "/api/v1/analysis/install", body: { templateId } },
    });
  }
  return template;
}

/**
 * POST /api/v1/books/{bookId}/analyses — runs a template on a book the caller may read and keeps
 * the result. The template's definition is copied now, so the result says what ran. The run is a
 * background job: a quick one is answered with the analysis, a slow one with the job to poll. A
 * result already kept for this book version, template version and parameters is answered as it is.
 */
export async function runAnalysis(input: RunAnalysisInput & { bookId: string }, principal: Principal): Promise<RunOutcome> {
  authorize(principal, "analyses.run");
  const book = await loadBook(principal, input.bookId, "analyses.run");
  const template = await loadRunnableTemplate(principal, input.templateId);
  const { analysisIds, job } = await startRuns(book, [template], input.parameters, principal, "analyses.run");
  if (job === null || job.status === "succeeded") return { status: "done", analysis: (await readAnalysis(analysisIds[0]!))! };
  return { status: "queued", job };
}
