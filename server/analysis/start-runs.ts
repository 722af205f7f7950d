import type { Principal } from "../auth/principal";
import type { Operation } from "../auth/scopes";
import type { BookRow } from "../books/schemas";
import { sql } from "../db";
import { AppError, ERRORS, type ErrorCode } from "../errors";
import { enqueueJob } from "../jobs/enqueue-job";
import type { JobDto } from "../jobs/schemas";
import { waitForJob } from "../jobs/wait-for-job";
import { bookCharacterParameters } from "../bible/book-characters";
import { newId } from "../sql/values";
import { analysisBatchJob, analysisJob } from "./analysis-job";
import { currentBookVersion } from "./book-version";

/** How long a request waits for its analyses before handing back the job to poll. */
const RUN_WAIT_MS = 1_500;

export interface RunnableTemplate {
  id: string;
  name: string;
  version: number;
  definition: string;
}

export interface StartedRuns {
  /** One analysis per template, in the templates' order: reused or newly made. */
  analysisIds: string[];
  /** The ones kept from an earlier run of the same template version and parameters on the same book version. */
  reused: string[];
  /** The job computing the others, as it stands after the wait; null when every result was reused. */
  job: JobDto | null;
}

/**
 * Starts the templates on a book: a template whose result for the book's current version (same
 * template version, same parameters) is kept is not run again; the others run in one background
 * job, on one reading of the book, and the request waits a moment for it (the job names the book
 * and the operation, so only a caller still allowed it reads the job). A job that failed with a
 * known code is thrown as that code.
 */
export async function startRuns(
  book: BookRow,
  templates: RunnableTemplate[],
  given: Record<string, unknown> | undefined,
  principal: Principal,
  operation: Extract<Operation, "analyses.run" | "analyses.runMany">,
): Promise<StartedRuns> {
  // A run that names no characters follows the book's bible (issue 21 item 5); kept with the result,
  // so a result is reused only while the bible names the same characters.
  const parameters = { ...given };
  if (!(Array.isArray(parameters.characters) && parameters.characters.length > 0)) {
    const characters = await bookCharacterParameters(book);
    if (characters.length > 0) parameters.characters = characters;
  }
  const parametersText = JSON.stringify(parameters);
  const bookVersion = await currentBookVersion(book);
  const kept = await sql
    .selectFrom("AnalysisResult")
    .select(["id", "templateId", "templateVersion"])
    .where("bookId", "=", book.id)
    .where("templateId", "in", templates.map((t) => t.id))
    .where("status", "=", "succeeded")
    .where("parameters", "=", parametersText)
    .where("bookVersion", "=", bookVersion)
    .orderBy("createdAt", "desc")
    .execute();
  const reusedFor = new Map<string, string>();
  for (const template of templates) {
    const found = kept.find((row) => row.templateId === template.id && row.templateVersion === template.version);
    if (found) reusedFor.set(template.id, found.id);
  }
  const toRun = templates.filter((t) => !reusedFor.has(t.id));
  // The rows exist before their job, so a runner never meets a job whose analyses are missing.
  const createdAt = new Date();
  const fresh = toRun.map((template) => ({
    id: newId(),
    bookId: book.id,
    ownerId: principal.userId,
    templateId: template.id,
    templateName: template.name,
    templateVersion: template.version,
    definition: template.definition,
    parameters: parametersText,
    createdAt,
  }));
  const analysisIds = templates.map((t) => reusedFor.get(t.id) ?? fresh.find((row) => row.templateId === t.id)!.id);
  const reused = [...reusedFor.values()];
  if (fresh.length === 0) return { analysisIds, reused, job: null };
  await sql.insertInto("AnalysisResult").values(fresh).execute();
  const freshIds = fresh.map((row) => row.id);
  const queued = await (freshIds.length === 1
    ? enqueueJob(analysisJob, { analysisId: freshIds[0]! }, principal, { book: { id: book.id, operation } })
    : enqueueJob(analysisBatchJob, { analysisIds: freshIds }, principal, { book: { id: book.id, operation } })
  ).catch(async (error: unknown) => {
    // Refused (the writer's job quota): no result is left waiting for a job that will never run.
    await sql.deleteFrom("AnalysisResult").where("id", "in", freshIds).execute();
    throw error;
  });
  await sql.updateTable("AnalysisResult").set({ jobId: queued.id }).where("id", "in", freshIds).execute();
  const job = await waitForJob(queued.id, RUN_WAIT_MS);
  if (job.status === "failed") {
    const code = (job.error && Object.hasOwn(ERRORS, job.error.code) ? job.error.code : "internal") as ErrorCode;
    throw new AppError(code, job.error?.message ?? "The analysis failed.", { analysisIds: freshIds, ...(freshIds.length === 1 && { analysisId: freshIds[0] }), job: job.links.self });
  }
  return { analysisIds, reused, job };
}
