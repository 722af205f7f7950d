// @module-tag postgres
import { beforeAll, describe, expect, it } from "vitest";
import { failOrphanedAnalyses } from "@/server/analysis/fail-orphaned-analyses";
import { getAnalysis } from "@/server/analysis/get-analysis";
import { installTemplate } from "@/server/analysis/install-template";
import { runAnalysis } from "@/server/analysis/run-analysis";
import { searchTemplates, templatesCollection } from "@/server/analysis/search-templates";
import type { Principal } from "@/server/auth/principal";
import { createBook } from "@/server/books/create-book";
import { uploadChapter } from "@/server/chapters/upload-chapter";
import { defaultCollectionOptions } from "@/server/collections";
import { sql } from "@/server/db";
import { JOB_KINDS } from "@/server/compose/job-kinds";
import { cancelJob } from "@/server/job-results/cancel-job";
import { runQueuedJobs, sweepExpiredJobs } from "@/server/jobs/runner";
import { newWriter } from "../support/principals";

let ada: Principal;
let bookId: string;
let templateId: string;

beforeAll(async () => {
  ada = await newWriter("orphan-ada");
  bookId = (await createBook({ type: "novel", description: "", language: "en", status: "drafting", targetWordCount: null, title: "Orphans" }, ada)).id;
  await uploadChapter({ bookId, content: "# One\n\nThe lamp went out." }, ada);
  templateId = (await searchTemplates({ ...defaultCollectionOptions(templatesCollection), q: "dialogue" }, ada)).items[0]!.id;
  await installTemplate({ templateId }, ada);
});

let runs = 0;

/**
 * A run whose request stopped waiting: its result is queued and its job waits for a runner. Each
 * follows a character of its own: runs of one template with the same parameters on one book version
 * replace each other once they succeed (issue 20 item 9), and these must stay apart.
 */
async function queuedRun(): Promise<{ analysisId: string; jobId: string }> {
  runs += 1;
  const outcome = await runAnalysis({ bookId, templateId, parameters: { characters: [`Orphan ${runs}`] } }, ada);
  if (outcome.status !== "queued") throw new Error("expected the run to be queued");
  const row = await sql.selectFrom("AnalysisResult").select("id").where("jobId", "=", outcome.job.id).executeTakeFirstOrThrow();
  return { analysisId: row.id, jobId: outcome.job.id };
}

/** What a runner that died mid-run leaves behind: the result running, the job's lease run out. */
async function dieMidRun({ analysisId, jobId }: { analysisId: string; jobId: string }, attempts: number) {
  await sql.updateTable("AnalysisResult").set({ status: "running", startedAt: new Date() }).where("id", "=", analysisId).execute();
  await sql.updateTable("Job").set({ status: "running", attempts, leaseUntil: new Date(Date.now() - 1_000) }).where("id", "=", jobId).execute();
}

const read = (analysisId: string) => getAnalysis({ bookId, analysisId }, ada);

describe("an analysis whose job ends without it", () => {
  it("fails with job_abandoned once the runner gives the job up, instead of running for ever", async () => {
    const run = await queuedRun();
    await dieMidRun(run, 3);
    await runQueuedJobs(JOB_KINDS);
    expect((await sql.selectFrom("Job").select("errorCode").where("id", "=", run.jobId).executeTakeFirstOrThrow()).errorCode).toBe("job_abandoned");
    expect(await read(run.analysisId)).toMatchObject({ status: "running" });

    expect(await failOrphanedAnalyses()).toBeGreaterThanOrEqual(1);
    const analysis = await read(run.analysisId);
    expect(analysis).toMatchObject({ status: "failed", report: null, error: { code: "job_abandoned" } });
    expect(analysis.finishedAt).not.toBeNull();
  });

  it("fails with job_cancelled when its writer cancelled the job (issue 33 item 9)", async () => {
    const run = await queuedRun();
    await cancelJob({ jobId: run.jobId }, ada);
    await failOrphanedAnalyses();
    expect(await read(run.analysisId)).toMatchObject({ status: "failed", report: null, error: { code: "job_cancelled" } });
  });

  it("fails with `gone` when its job expired and was swept", async () => {
    const run = await queuedRun();
    await sql.updateTable("Job").set({ expiresAt: new Date(Date.now() - 1_000) }).where("id", "=", run.jobId).execute();
    await sweepExpiredJobs();
    await failOrphanedAnalyses();
    expect(await read(run.analysisId)).toMatchObject({ status: "failed", error: { code: "gone" } });
  });

  it("leaves alone a result whose job is still queued or running, and a job-less one younger than a minute", async () => {
    const queued = await queuedRun();
    const running = await queuedRun();
    await sql.updateTable("Job").set({ status: "running", attempts: 1, leaseUntil: new Date(Date.now() + 30_000) }).where("id", "=", running.jobId).execute();
    await sql.updateTable("AnalysisResult").set({ status: "running" }).where("id", "=", running.analysisId).execute();
    const unlinked = await queuedRun();
    await sql.updateTable("AnalysisResult").set({ jobId: null }).where("id", "=", unlinked.analysisId).execute();

    await failOrphanedAnalyses();
    expect(await read(queued.analysisId)).toMatchObject({ status: "queued", error: null });
    expect(await read(running.analysisId)).toMatchObject({ status: "running", error: null });
    expect(await read(unlinked.analysisId)).toMatchObject({ status: "queued", error: null });

    // A result still without its job a minute on lost it to a crash between runAnalysis's writes.
    await failOrphanedAnalyses(new Date(Date.now() + 61_000));
    expect(await read(unlinked.analysisId)).toMatchObject({ status: "failed", error: { code: "internal" } });
    // Those left are finished by their own jobs as usual.
    await sql.updateTable("Job").set({ status: "queued", attempts: 0, leaseUntil: null }).where("id", "=", running.jobId).execute();
    await runQueuedJobs(JOB_KINDS);
    expect(await read(queued.analysisId)).toMatchObject({ status: "succeeded" });
    expect(await read(running.analysisId)).toMatchObject({ status: "succeeded" });
  });
});
