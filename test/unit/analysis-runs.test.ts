// @module-tag postgres
import { beforeAll, describe, expect, it } from "vitest";
import { getAnalysis } from "@/server/analysis/get-analysis";
import { installTemplate } from "@/server/analysis/install-template";
import { analysesCollection, listAnalyses } from "@/server/analysis/list-analyses";
import { runAnalysis, type RunOutcome } from "@/server/analysis/run-analysis";
import { runAnalysisInput, type AnalysisDto } from "@/server/analysis/schemas";
import { searchTemplates, templatesCollection } from "@/server/analysis/search-templates";
import { createTemplate } from "@/server/analysis/create-template";
import { deleteTemplate } from "@/server/analysis/delete-template";
import { getTemplate } from "@/server/analysis/get-template";
import type { Principal } from "@/server/auth/principal";
import { createBook } from "@/server/books/create-book";
import { deleteBook } from "@/server/books/delete-book";
import { uploadChapter } from "@/server/chapters/upload-chapter";
import { defaultCollectionOptions } from "@/server/collections";
import { getJob } from "@/server/job-results/get-job";
import { performAnalysis } from "@/server/analysis/perform-analysis";
import { JOB_KINDS } from "@/server/compose/job-kinds";
import { runQueuedJobs } from "@/server/jobs/runner";
import { workerLoad } from "@/server/workers/pool";
import { newWriter, withScopes } from "../support/principals";

const book = { type: "novel", description: "", language: "en", status: "drafting", targetWordCount: null } as const;

/**
 * A run as a server answers it, to its end: this process's runner works the queue while the
 * request waits. On a loaded machine the run can outlast the request's inline wait and be answered
 * with its job instead (the next test covers that answer); the runner has finished the job by the
 * time the loop ends, so the kept analysis is read through the job's result.
 */
async function ranToEnd(bookId: string, promise: Promise<RunOutcome>, principal: Principal): Promise<AnalysisDto> {
  let settled = false;
  const outcome = promise.finally(() => (settled = true));
  while (!settled) {
    await runQueuedJobs(JOB_KINDS);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const answered = await outcome;
  if (answered.status === "done") return answered.analysis;
  await runQueuedJobs(JOB_KINDS);
  const job = await getJob({ jobId: answered.job.id }, principal);
  expect(job.status).toBe("succeeded");
  return getAnalysis({ bookId, analysisId: (job.result as { analysisId: string }).analysisId }, principal);
}

async function templateId(principal: Principal, q: string) {
  const found = await searchTemplates({ ...defaultCollectionOptions(templatesCollection), q }, principal);
  return found.items[0]!.id;
}

let ada: Principal;
let novel: { id: string };
let dialogue: string;

beforeAll(async () => {
  await newWriter("admin");
  ada = await newWriter("ada");
  novel = await createBook({ ...book, title: "The Harbour" }, ada);
  await uploadChapter({ bookId: novel.id, content: '# Arrival\n\n"Is this the harbour?" asked Mara.\n\nThe ship creaked. Nobody answered her.' }, ada);
  await uploadChapter({ bookId: novel.id, content: "# Storm\n\nRain all night. The gulls went quiet and the boats pulled at their ropes." }, ada);
  dialogue = await templateId(ada, "dialogue");
});

describe("running a template on a book", () => {
  it("refuses a template that is neither installed nor the writer's own (409), and runs it once installed", async () => {
    await expect(runAnalysis({ bookId: novel.id, templateId: dialogue }, ada)).rejects.toMatchObject({ code: "template_not_installed", status: 409 });
    await installTemplate({ templateId: dialogue }, ada);
    const analysis = await ranToEnd(novel.id, runAnalysis({ bookId: novel.id, templateId: dialogue, parameters: { characters: ["Mara"] } }, ada), ada);
    expect(analysis).toMatchObject({ bookId: novel.id, templateId: dialogue, status: "succeeded", parameters: { characters: ["Mara"] }, error: null });
    expect(analysis.report).toMatchObject({ chapters: 2, empty: false, language: "en" });
    expect(analysis.report!.sections.length).toBeGreaterThan(0);
    expect(analysis.durationMs).toBeGreaterThanOrEqual(0);

    expect(await getAnalysis({ bookId: novel.id, analysisId: analysis.id }, ada)).toEqual(analysis);
    const list = await listAnalyses({ bookId: novel.id, options: defaultCollectionOptions(analysesCollection) }, ada);
    expect(list.items.map((a) => a.id)).toContain(analysis.id);
    expect(list.items[0]).not.toHaveProperty("report");
  });

  it("answers with the job when the run takes longer than a moment; the result then appears in the book", async () => {
    // No runner works the queue here, so the request's wait runs out.
    const outcome = await runAnalysis({ bookId: novel.id, templateId: dialogue }, ada);
    expect(outcome.status).toBe("queued");
    const job = outcome.status === "queued" ? outcome.job : null!;
    expect(job).toMatchObject({ kind: "analysis.run", status: "queued", links: { self: `/api/v1/jobs/${job.id}` } });
    const queued = await listAnalyses({ bookId: novel.id, options: defaultCollectionOptions(analysesCollection) }, ada);
    expect(queued.items[0]).toMatchObject({ status: "queued", jobId: job.id });

    await runQueuedJobs(JOB_KINDS);
    const finished = await getJob({ jobId: job.id }, ada);
    expect(finished.status).toBe("succeeded");
    const { analysisId } = finished.result as { analysisId: string };
    expect(await getAnalysis({ bookId: novel.id, analysisId }, ada)).toMatchObject({ status: "succeeded", jobId: job.id, report: { chapters: 2 } });
  });

  it("gives a book without chapters an empty, labelled report", async () => {
    const blank = await createBook({ ...book, title: "Blank" }, ada);
    expect(await ranToEnd(blank.id, runAnalysis({ bookId: blank.id, templateId: dialogue }, ada), ada)).toMatchObject({ status: "succeeded", report: { empty: true, chapters: 0, words: 0 } });
  });

  it("runs the writer's own template without installing it, and keeps the result after the template goes", async () => {
    const { definition } = await getTemplate({ templateId: dialogue }, ada);
    const own = await createTemplate({ name: "Mine", summary: "", description: "", category: "dialogue", tags: [], language: "any", definition, published: false }, ada);
    const analysis = await ranToEnd(novel.id, runAnalysis({ bookId: novel.id, templateId: own.id }, ada), ada);
    await deleteTemplate({ templateId: own.id }, ada);
    expect(await getAnalysis({ bookId: novel.id, analysisId: analysis.id }, ada)).toMatchObject({ templateName: "Mine", templateVersion: 1, status: "succeeded" });
  });

  it("refuses another writer's book (403), an unknown or trashed one (404), and a credential without read:analysis", async () => {
    const ben = await newWriter("ben");
    await installTemplate({ templateId: dialogue }, ben);
    await expect(runAnalysis({ bookId: novel.id, templateId: dialogue }, ben)).rejects.toMatchObject({ code: "forbidden", status: 403 });
    await expect(listAnalyses({ bookId: novel.id, options: defaultCollectionOptions(analysesCollection) }, ben)).rejects.toMatchObject({ code: "forbidden" });
    await expect(runAnalysis({ bookId: "no-such-book", templateId: dialogue }, ben)).rejects.toMatchObject({ code: "not_found", status: 404 });
    const trashed = await createBook({ ...book, title: "Trashed" }, ben);
    await deleteBook({ bookId: trashed.id, permanent: false }, ben);
    await expect(runAnalysis({ bookId: trashed.id, templateId: dialogue }, ben)).rejects.toMatchObject({ code: "book_in_trash", status: 404 });
    await expect(runAnalysis({ bookId: novel.id, templateId: dialogue }, withScopes(ada, ["read:books", "write:analysis"]))).rejects.toMatchObject({
      code: "insufficient_scope",
    });
    await expect(getAnalysis({ bookId: novel.id, analysisId: "no-such-analysis" }, ada)).rejects.toMatchObject({ code: "not_found" });
  });

  it("refuses an unknown parameter with its path", () => {
    const parsed = runAnalysisInput.safeParse({ templateId: dialogue, parameters: { characters: ["Mara"], mood: "stormy" } });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((i) => i.path.join("."))).toContain("parameters.mood");
  });

  it("stops a run that passes its job's time limit and records why", async () => {
    // Parameters no earlier run used: a kept result for the same ones would be reused, not run.
    const outcome = await runAnalysis({ bookId: novel.id, templateId: dialogue, parameters: { characters: ["Nobody"] } }, ada);
    const job = outcome.status === "queued" ? outcome.job : null!;
    const row = (await listAnalyses({ bookId: novel.id, options: defaultCollectionOptions(analysesCollection) }, ada)).items.find((a) => a.jobId === job.id)!;
    await expect(performAnalysis(row.id, AbortSignal.abort())).rejects.toThrow();
    expect(await getAnalysis({ bookId: novel.id, analysisId: row.id }, ada)).toMatchObject({ status: "failed", report: null, error: { code: "job_timed_out" } });
  });

  it("runs the engine in a worker of the pool, which the job's signal terminates (issue 16)", async () => {
    const long = await createBook({ ...book, title: "A a a" }, ada);
    await uploadChapter({ bookId: long.id, content: "a ".repeat(200_000) }, ada);
    const characters = await templateId(ada, "character presence");
    await installTemplate({ templateId: characters }, ada);
    const outcome = await runAnalysis({ bookId: long.id, templateId: characters, parameters: { characters: ["a"] } }, ada);
    const job = outcome.status === "queued" ? outcome.job : null!;
    const row = (await listAnalyses({ bookId: long.id, options: defaultCollectionOptions(analysesCollection) }, ada)).items.find((a) => a.jobId === job.id)!;
    const stop = new AbortController();
    let settled = false;
    const ended = performAnalysis(row.id, stop.signal).then(
      () => "succeeded",
      (error: Error) => error.message,
    ).finally(() => (settled = true));
    while (!settled && workerLoad("heavy").running === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(workerLoad("heavy").running).toBe(1);
    stop.abort();
    expect(await ended).not.toBe("succeeded");
    expect(workerLoad("heavy")).toEqual({ running: 0, waiting: 0 });
    expect(await getAnalysis({ bookId: long.id, analysisId: row.id }, ada)).toMatchObject({
      status: "failed",
      error: { code: "job_timed_out", message: expect.stringContaining("did not finish") },
    });
  });
});
