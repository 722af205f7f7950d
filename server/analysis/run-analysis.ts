import { z } from "zod";
import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { bookCharacterParameters } from "../bible/book-characters";
import { loadBook } from "../books/access";
import { sql } from "../db";
import { AppError, ERRORS, type ErrorCode } from "../errors";
import { enqueueJob } from "../jobs/enqueue-job";
import { jobSchema } from "../jobs/schemas";
import { waitForJob } from "../jobs/wait-for-job";
import { newId } from "../sql/values";
import { readAnalysis } from "./analyses";
import { analysisJob } from "./analysis-job";
import { analysisSchema, type RunAnalysisInput } from "./schemas";
import { isInstalled, loadVisibleTemplate } from "./templates";

/** How long a request waits for its analysis before handing back the job to poll. */
const RUN_WAIT_MS = 1_500;

export const runOutcomeSchema = z.discriminatedUnion("status", [
  z.object({ status: z.literal("done"), analysis: analysisSchema }),
  z.object({ status: z.literal("queued"), job: jobSchema }),
]);
export type RunOutcome = z.infer<typeof runOutcomeSchema>;

/** A template runs for a writer who installed it or wrote it. */
async function loadRunnableTemplate(principal: Principal, templateId: string) {
  const installed = await isInstalled(principal.userId, templateId);
  const template = installed
    ? await sql.selectFrom("AnalysisTemplate").select(["id", "name", "version", "definition", "authorId"]).where("id", "=", templateId).executeTakeFirst()
    : await loadVisibleTemplate(principal, templateId);
  if (!template) throw new AppError("not_found", "No template has this id.");
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
 * background job: a quick one is answered with the analysis, a slow one with the job to poll.
 */
export async function runAnalysis(input: RunAnalysisInput & { bookId: string }, principal: Principal): Promise<RunOutcome> {
  authorize(principal, "analyses.run");
  const book = await loadBook(principal, input.bookId);
  const template = await loadRunnableTemplate(principal, input.templateId);
  // A run that names no characters follows the book's bible (issue 21 item 5); kept with the result.
  const parameters = { ...input.parameters };
  if (!parameters.characters?.length) {
    const characters = await bookCharacterParameters(book);
    if (characters.length > 0) parameters.characters = characters;
  }
  // The row exists before its job, so a runner never meets a job whose analysis is missing.
  const analysisId = newId();
  await sql
    .insertInto("AnalysisResult")
    .values({
      id: analysisId,
      bookId: book.id,
      ownerId: principal.userId,
      templateId: template.id,
      templateName: template.name,
      templateVersion: template.version,
      definition: template.definition,
      parameters: JSON.stringify(parameters),
      createdAt: new Date(),
    })
    .execute();
  const queued = await enqueueJob(analysisJob, { analysisId }, principal).catch(async (error: unknown) => {
    // Refused (the writer's job quota): no result is left waiting for a job that will never run.
    await sql.deleteFrom("AnalysisResult").where("id", "=", analysisId).execute();
    throw error;
  });
  await sql.updateTable("AnalysisResult").set({ jobId: queued.id }).where("id", "=", analysisId).execute();
  const job = await waitForJob(queued.id, RUN_WAIT_MS);
  if (job.status === "succeeded") return { status: "done", analysis: (await readAnalysis(analysisId))! };
  if (job.status === "failed") {
    const code = (job.error && Object.hasOwn(ERRORS, job.error.code) ? job.error.code : "internal") as ErrorCode;
    throw new AppError(code, job.error?.message ?? "The analysis failed.", { analysisId, job: job.links.self });
  }
  return { status: "queued", job };
}
