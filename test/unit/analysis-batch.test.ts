// @module-tag postgres
// Issue 20 item 9 (delete, replace) and §4 (several templates at once, reuse): the use cases on a real database.
import { beforeAll, describe, expect, it } from "vitest";
import { deleteAnalysis } from "@/server/analysis/delete-analysis";
import { getAnalysis } from "@/server/analysis/get-analysis";
import { installTemplate } from "@/server/analysis/install-template";
import { analysesCollection, listAnalyses } from "@/server/analysis/list-analyses";
import { runAnalyses } from "@/server/analysis/run-analyses";
import { runAnalysis, type RunOutcome } from "@/server/analysis/run-analysis";
import { runAnalysesInput, type BatchOutcome } from "@/server/analysis/schemas";
import { searchTemplates, templatesCollection } from "@/server/analysis/search-templates";
import type { Principal } from "@/server/auth/principal";
import { createBook } from "@/server/books/create-book";
import { saveChapter } from "@/server/chapters/save-chapter";
import { uploadChapter } from "@/server/chapters/upload-chapter";
import { defaultCollectionOptions } from "@/server/collections";
import { sql } from "@/server/db";
import { getJob } from "@/server/job-results/get-job";
import { JOB_KINDS } from "@/server/compose/job-kinds";
import { runQueuedJobs } from "@/server/jobs/runner";
import { workerLoad } from "@/server/workers/pool";
import { newWriter, withScopes } from "../support/principals";

const bookFields = { type: "novel", description: "", language: "en", status: "drafting", targetWordCount: null } as const;

/** A request as a server answers it: this process's runner works the queue while the request waits. */
async function withRunner<T>(promise: Promise<T>): Promise<T> {
  let settled = false;
  const outcome = promise.finally(() => (settled = true));
  while (!settled) {
    await runQueuedJobs(JOB_KINDS);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return outcome;
}
/** The finished analysis of a run (a cold worker may take longer than the request waits: then its job's). */
async function done(outcome: RunOutcome) {
  if (outcome.status === "done") return outcome.analysis;
  const job = await getJob({ jobId: outcome.job.id }, ada);
  const { analysisId } = job.result as { analysisId: string };
  return getAnalysis({ bookId: (await sql.selectFrom("AnalysisResult").select("bookId").where("id", "=", analysisId).executeTakeFirstOrThrow()).bookId, analysisId }, ada);
}
const kept = async (bookId: string, principal: Principal) =>
  (await listAnalyses({ bookId, options: defaultCollectionOptions(analysesCollection, { perPage: 100 }) }, principal)).items;

async function templateId(principal: Principal, q: string) {
  const found = await searchTemplates({ ...defaultCollectionOptions(templatesCollection), q }, principal);
  return found.items[0]!.id;
}

let ada: Principal;
let dialogue: string;
let threeAct: string;
let counts: string;

async function newNovel(title: string) {
  const novel = await createBook({ ...bookFields, title }, ada);
  const one = await uploadChapter({ bookId: novel.id, content: '# Arrival\n\n"Is this the harbour?" asked Mara.\n\nThe ship creaked.' }, ada);
  await uploadChapter({ bookId: novel.id, content: "# Storm\n\nRain all night. The gulls went quiet." }, ada);
  return { id: novel.id, firstChapter: one };
}

beforeAll(async () => {
  await newWriter("admin");
  ada = await newWriter("ada");
  [dialogue, threeAct, counts] = [await templateId(ada, "dialogue balance"), await templateId(ada, "three-act"), await templateId(ada, "book overview")];
  for (const id of [dialogue, threeAct, counts]) await installTemplate({ templateId: id }, ada);
});

describe("a kept result for the same book version is reused, and a new run replaces older ones", () => {
  it("answers a second run of the same template on an unchanged book with the kept result, computing nothing", async () => {
    const novel = await newNovel("Reused");
    const first = await done(await withRunner(runAnalysis({ bookId: novel.id, templateId: dialogue }, ada)));
    // No runner now: had it queued a job, the request would answer "queued".
    const second = await runAnalysis({ bookId: novel.id, templateId: dialogue }, ada);
    expect(second).toEqual({ status: "done", analysis: first });
    expect((await kept(novel.id, ada)).map((a) => a.id)).toEqual([first.id]);
  });

  it("runs again once the book has changed, and keeps both (the book differs between them)", async () => {
    const novel = await newNovel("Changed");
    const before = await done(await withRunner(runAnalysis({ bookId: novel.id, templateId: dialogue }, ada)));
    await saveChapter({ bookId: novel.id, chapterId: novel.firstChapter.id, version: 1, content: '"Who goes there?" said Mara.' }, ada);
    const after = await done(await withRunner(runAnalysis({ bookId: novel.id, templateId: dialogue }, ada)));
    expect(after.id).not.toBe(before.id);
    expect((await kept(novel.id, ada)).map((a) => a.id).sort()).toEqual([before.id, after.id].sort());
  });

  it("runs again for other parameters, and keeps both", async () => {
    const novel = await newNovel("Parameters");
    const plain = await done(await withRunner(runAnalysis({ bookId: novel.id, templateId: dialogue }, ada)));
    const mara = await done(await withRunner(runAnalysis({ bookId: novel.id, templateId: dialogue, parameters: { characters: ["Mara"] } }, ada)));
    expect(mara.id).not.toBe(plain.id);
    expect(await kept(novel.id, ada)).toHaveLength(2);
  });

  it("replaces the older finished runs of the same template, parameters and book version when a new one succeeds", async () => {
    const novel = await newNovel("Piled");
    const first = await done(await withRunner(runAnalysis({ bookId: novel.id, templateId: dialogue }, ada)));
    // Five older results of the same run, as the old behaviour piled them up (one failed).
    const row = await sql.selectFrom("AnalysisResult").selectAll().where("id", "=", first.id).executeTakeFirstOrThrow();
    const piled = Array.from({ length: 5 }, (_, i) => ({ ...row, id: `piled-${novel.id}-${i}`, status: i === 0 ? "failed" : "succeeded", createdAt: new Date(Date.now() - 60_000 * (i + 1)) }));
    await sql.insertInto("AnalysisResult").values(piled).execute();
    // The kept result is now an older template version's, so it is not reused: the run computes.
    await sql.updateTable("AnalysisResult").set({ templateVersion: 0 }).where("bookId", "=", novel.id).execute();
    const fresh = await done(await withRunner(runAnalysis({ bookId: novel.id, templateId: dialogue }, ada)));
    expect((await kept(novel.id, ada)).map((a) => a.id)).toEqual([fresh.id]);
  });

  it("never reuses a failed run: the new run computes, and replaces it once it succeeds", async () => {
    const novel = await newNovel("Failed");
    const first = await done(await withRunner(runAnalysis({ bookId: novel.id, templateId: dialogue }, ada)));
    await sql.updateTable("AnalysisResult").set({ status: "failed", report: null }).where("id", "=", first.id).execute();
    const queued = await runAnalysis({ bookId: novel.id, templateId: dialogue }, ada);
    expect(queued.status).toBe("queued");
    expect(await kept(novel.id, ada)).toHaveLength(2);
    await runQueuedJobs(JOB_KINDS);
    expect((await kept(novel.id, ada)).map((a) => a.status)).toEqual(["succeeded"]);
  });
});

describe("deleting a kept result", () => {
  it("forgets it for good; a second delete, another book's id or another writer answer as such", async () => {
    const novel = await newNovel("Deleting");
    const other = await newNovel("Other");
    const analysis = await done(await withRunner(runAnalysis({ bookId: novel.id, templateId: dialogue }, ada)));
    const ben = await newWriter("ben");
    await expect(deleteAnalysis({ bookId: novel.id, analysisId: analysis.id }, ben)).rejects.toMatchObject({ code: "forbidden", status: 403 });
    await expect(deleteAnalysis({ bookId: other.id, analysisId: analysis.id }, ada)).rejects.toMatchObject({ code: "not_found", status: 404 });
    await expect(deleteAnalysis({ bookId: novel.id, analysisId: analysis.id }, withScopes(ada, ["read:books", "write:books"]))).rejects.toMatchObject({
      code: "insufficient_scope",
    });
    expect(await kept(novel.id, ada)).toHaveLength(1);
    await deleteAnalysis({ bookId: novel.id, analysisId: analysis.id }, ada);
    await expect(getAnalysis({ bookId: novel.id, analysisId: analysis.id }, ada)).rejects.toMatchObject({ code: "not_found" });
    await expect(deleteAnalysis({ bookId: novel.id, analysisId: analysis.id }, ada)).rejects.toMatchObject({ code: "not_found" });
    // Deleted, it is not reused: the next run computes a new one.
    const again = await runAnalysis({ bookId: novel.id, templateId: dialogue }, ada);
    expect(again.status).toBe("queued");
    await runQueuedJobs(JOB_KINDS);
  });

  it("deletes a run still queued; its job then keeps nothing", async () => {
    const novel = await newNovel("Deleted while queued");
    const queued = await runAnalysis({ bookId: novel.id, templateId: counts }, ada);
    const job = queued.status === "queued" ? queued.job : null!;
    const [row] = await kept(novel.id, ada);
    await deleteAnalysis({ bookId: novel.id, analysisId: row!.id }, ada);
    await runQueuedJobs(JOB_KINDS);
    expect(await kept(novel.id, ada)).toEqual([]);
    expect((await getJob({ jobId: job.id }, ada)).status).toBe("failed");
  });
});

describe("several templates in one request", () => {
  it("runs a list of templates as one job, on one reading of the book, one task in the pool", async () => {
    const novel = await newNovel("Batch");
    let busiest = 0;
    const watch = setInterval(() => (busiest = Math.max(busiest, workerLoad("heavy").running + workerLoad("heavy").waiting)), 1);
    const outcome = await withRunner(runAnalyses({ bookId: novel.id, templates: [dialogue, threeAct, counts] }, ada));
    clearInterval(watch);
    expect(busiest).toBeLessThanOrEqual(1);
    // "done", or "queued" when a cold worker took longer than the request waits; the runner has finished it since.
    expect(outcome).toMatchObject({ reused: [], job: { kind: "analysis.batch" } });
    expect(outcome.analyses.map((a) => a.templateId)).toEqual([dialogue, threeAct, counts]);
    expect(new Set(outcome.analyses.map((a) => a.jobId))).toEqual(new Set([outcome.job!.id]));
    const job = await getJob({ jobId: outcome.job!.id }, ada);
    expect(job.result).toEqual({ analysisId: outcome.analyses[0]!.id, analysisIds: outcome.analyses.map((a) => a.id) });
    for (const a of outcome.analyses) {
      expect(await getAnalysis({ bookId: novel.id, analysisId: a.id }, ada)).toMatchObject({ status: "succeeded", report: { chapters: 2, empty: false } });
    }
  });

  it('runs every installed template with "installed", reusing the results kept for this book version', async () => {
    const novel = await newNovel("All installed");
    const single = await done(await withRunner(runAnalysis({ bookId: novel.id, templateId: threeAct }, ada)));
    const outcome: BatchOutcome = await withRunner(runAnalyses({ bookId: novel.id, templates: "installed" }, ada));
    await runQueuedJobs(JOB_KINDS);
    expect(outcome.analyses.map((a) => a.templateId).sort()).toEqual([dialogue, threeAct, counts].sort());
    expect(outcome.reused).toEqual([single.id]);
    expect(outcome.analyses.find((a) => a.templateId === threeAct)!.id).toBe(single.id);
    // Everything kept now: the same request computes nothing and answers at once.
    const again = await runAnalyses({ bookId: novel.id, templates: "installed" }, ada);
    expect(again).toMatchObject({ status: "done", job: null });
    expect(again.reused.sort()).toEqual(outcome.analyses.map((a) => a.id).sort());
    expect(await kept(novel.id, ada)).toHaveLength(3);
  });

  it("refuses the whole request when one template cannot run, and an empty library for \"installed\"; nothing is kept", async () => {
    const novel = await newNovel("Refused");
    const notInstalled = await templateId(ada, "word echoes");
    await expect(runAnalyses({ bookId: novel.id, templates: [dialogue, notInstalled] }, ada)).rejects.toMatchObject({ code: "template_not_installed", status: 409 });
    await expect(runAnalyses({ bookId: novel.id, templates: [dialogue, "no-such-template"] }, ada)).rejects.toMatchObject({ code: "not_found", status: 404 });
    const cleo = await newWriter("cleo");
    const hers = await createBook({ ...bookFields, title: "Hers" }, cleo);
    await expect(runAnalyses({ bookId: hers.id, templates: "installed" }, cleo)).rejects.toMatchObject({ code: "template_not_installed" });
    await expect(runAnalyses({ bookId: novel.id, templates: [dialogue] }, cleo)).rejects.toMatchObject({ code: "forbidden" });
    await expect(runAnalyses({ bookId: novel.id, templates: [dialogue] }, withScopes(ada, ["read:books"]))).rejects.toMatchObject({ code: "insufficient_scope" });
    expect(await kept(novel.id, ada)).toEqual([]);
  });

  it("checks its input: a list of 1–100 ids or \"installed\", and known parameters", () => {
    const problems = (input: unknown) => {
      const parsed = runAnalysesInput.safeParse(input);
      return parsed.success ? [] : parsed.error.issues.map((i) => i.path.join("."));
    };
    expect(problems({ templates: [dialogue] })).toEqual([]);
    expect(problems({ templates: "installed", parameters: { characters: ["Mara"] } })).toEqual([]);
    expect(problems({ templates: [] })).toEqual(["templates"]);
    expect(problems({ templates: "all" })).toEqual(["templates"]);
    expect(problems({ templates: Array.from({ length: 101 }, (_, i) => `t${i}`) })).toEqual(["templates"]);
    expect(problems({ templates: "installed", parameters: { mood: "x" } })).toContain("parameters.mood");
    expect(problems({ templateId: dialogue })).not.toEqual([]);
  });
});
