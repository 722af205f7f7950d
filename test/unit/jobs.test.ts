// @module-tag postgres
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { Principal } from "@/server/auth/principal";
import { sql } from "@/server/db";
import { AppError } from "@/server/errors";
import { blobStore } from "@/server/jobs/job-blob-store";
import { defineJob } from "@/server/jobs/define-job";
import { enqueueJob } from "@/server/jobs/enqueue-job";
import { describeJobFile, getJob, getJobFile } from "@/server/job-results/get-job";
import { jobsCollection, listJobs } from "@/server/jobs/list-jobs";
import { defaultCollectionOptions } from "@/server/collections";
import { runQueuedJobs, sweepExpiredJobs } from "@/server/jobs/runner";
import { waitForJob } from "@/server/jobs/wait-for-job";
import { newWriter, withScopes } from "../support/principals";

const runs: string[] = [];


const shout = defineJob({
  kind: "test.shout",
  input: z.object({ text: z.string() }),
  async run({ text }, context, inputFile) {
    runs.push(context.jobId);
    await context.reportProgress(0.5);
    const attached = inputFile ? new TextDecoder().decode(inputFile) : "";
    return {
      result: { shouted: text.toUpperCase() },
      file: { bytes: new TextEncoder().encode(`${text}${attached}!`), name: "shout – “loud”.txt", mediaType: "text/plain" },
    };
  },
});
const refuse = defineJob({
  kind: "test.refuse",
  input: z.object({}),
  run: async () => {
    throw new AppError("validation_failed", "That document is not a DOCX.");
  },
});
const crash = defineJob({
  kind: "test.crash",
  input: z.object({}),
  run: async () => {
    throw new Error("internal detail that must not leak");
  },
});
let aborted = false;
const dawdle = defineJob({
  kind: "test.dawdle",
  input: z.object({}),
  timeoutMs: 50,
  run: (_input, context) =>
    new Promise((resolve) => {
      context.signal.addEventListener("abort", () => {
        aborted = true;
        resolve({});
      });
    }),
});
const DEFINITIONS = [shout, refuse, crash, dawdle];

describe("background jobs", () => {
  let admin: Principal;
  let ada: Principal;
  let bob: Principal;
  beforeAll(async () => {
    admin = await newWriter("admin");
    [ada, bob] = [await newWriter("ada"), await newWriter("bob")];
  });

  it("queues a job, runs it, and keeps its result and file for its owner", async () => {
    const queued = await enqueueJob(shout, { text: "hello" }, ada, { inputFile: new TextEncoder().encode(" world") });
    const stored = await sql.selectFrom("Job").selectAll().where("id", "=", queued.id).executeTakeFirstOrThrow();
    expect(new TextDecoder().decode((await blobStore.get(stored.inputBlobId!))!)).toBe(" world");
    expect(queued).toMatchObject({ kind: "test.shout", status: "queued", progress: 0, result: null, error: null, file: null });
    expect(queued.links.self).toBe(`/api/v1/jobs/${queued.id}`);
    await expect(getJobFile({ jobId: queued.id }, ada)).rejects.toMatchObject({ code: "job_not_finished" });

    await runQueuedJobs(DEFINITIONS);
    const done = await getJob({ jobId: queued.id }, ada);
    expect(done).toMatchObject({ status: "succeeded", progress: 1, result: { shouted: "HELLO" }, error: null });
    expect(done.file).toEqual({ name: "shout – “loud”.txt", mediaType: "text/plain", size: 12 });
    expect(done.links.file).toBe(`/api/v1/jobs/${queued.id}/file`);
    const file = await getJobFile({ jobId: queued.id }, ada);
    expect(new TextDecoder().decode(file.bytes)).toBe("hello world!");
    // the uploaded input is dropped once the job is done, bytes and all
    expect((await sql.selectFrom("Job").selectAll().where("id", "=", queued.id).executeTakeFirstOrThrow()).inputBlobId).toBeNull();
    expect(await blobStore.get(stored.inputBlobId!)).toBeNull();
  });

  it("shows a job to its owner and an admin only", async () => {
    const job = await enqueueJob(shout, { text: "mine" }, ada);
    await expect(getJob({ jobId: job.id }, bob)).rejects.toMatchObject({ code: "forbidden" });
    await expect(getJob({ jobId: job.id }, admin)).resolves.toMatchObject({ id: job.id });
    await expect(getJob({ jobId: "no-such-job" }, ada)).rejects.toMatchObject({ code: "not_found" });
    // no scope is needed beyond a credential: the job's owner queued it with the scope of the work
    await expect(getJob({ jobId: job.id }, withScopes(ada, []))).resolves.toMatchObject({ id: job.id });
    await runQueuedJobs(DEFINITIONS);
  });

  it("records a refusal with its code, and an unexpected failure without internals", async () => {
    const refused = await enqueueJob(refuse, {}, ada);
    const crashed = await enqueueJob(crash, {}, ada);
    await runQueuedJobs(DEFINITIONS);
    expect(await getJob({ jobId: refused.id }, ada)).toMatchObject({
      status: "failed",
      error: { code: "validation_failed", message: "That document is not a DOCX." },
    });
    const failed = await getJob({ jobId: crashed.id }, ada);
    expect(failed).toMatchObject({ status: "failed", error: { code: "internal" } });
    expect(JSON.stringify(failed)).not.toContain("internal detail");
    await expect(getJobFile({ jobId: crashed.id }, ada)).rejects.toMatchObject({ code: "job_not_finished" });
  });

  it("stops a job at its time limit and tells the work to stop", async () => {
    const job = await enqueueJob(dawdle, {}, ada);
    await runQueuedJobs(DEFINITIONS);
    expect(aborted).toBe(true);
    expect(await getJob({ jobId: job.id }, ada)).toMatchObject({ status: "failed", error: { code: "job_timed_out" } });
  });

  it("runs each job exactly once when several runners reach for the queue at once", async () => {
    runs.length = 0;
    const jobs = await Promise.all(Array.from({ length: 6 }, (_, i) => enqueueJob(shout, { text: `n${i}` }, ada)));
    await Promise.all([runQueuedJobs(DEFINITIONS), runQueuedJobs(DEFINITIONS), runQueuedJobs(DEFINITIONS)]);
    expect(runs.sort()).toEqual(jobs.map((j) => j.id).sort());
  });

  it("takes over a job whose runner died once its back-off has passed, and gives up on one that kills its runner every time", async () => {
    const orphan = await enqueueJob(shout, { text: "orphan" }, ada);
    const cursed = await enqueueJob(shout, { text: "cursed" }, ada);
    const past = new Date(Date.now() - 1000);
    // as a runner leaves them when its process dies mid-job: running, with a lease run out
    await sql.updateTable("Job").set({ status: "running", attempts: 1, leaseUntil: past }).where("id", "=", orphan.id).execute();
    await sql.updateTable("Job").set({ status: "running", attempts: 3, leaseUntil: past }).where("id", "=", cursed.id).execute();
    await runQueuedJobs(DEFINITIONS);
    expect(await getJob({ jobId: orphan.id }, ada)).toMatchObject({ status: "queued" });
    expect(await getJob({ jobId: cursed.id }, ada)).toMatchObject({ status: "failed", error: { code: "job_abandoned" } });
    await sql.updateTable("Job").set({ availableAt: past }).where("id", "=", orphan.id).execute();
    await runQueuedJobs(DEFINITIONS);
    expect(await getJob({ jobId: orphan.id }, ada)).toMatchObject({ status: "succeeded", result: { shouted: "ORPHAN" } });
  });

  it("waits for a job to finish, or answers with it as it stands", async () => {
    const job = await enqueueJob(shout, { text: "soon" }, ada);
    expect((await waitForJob(job.id, 20)).status).toBe("queued");
    const waiting = waitForJob(job.id, 5000);
    await runQueuedJobs(DEFINITIONS);
    expect(await waiting).toMatchObject({ status: "succeeded", result: { shouted: "SOON" } });
  });

  it("forgets expired jobs: 410 until they are swept, 404 after", async () => {
    const job = await enqueueJob(shout, { text: "old" }, ada);
    await runQueuedJobs(DEFINITIONS);
    await sql.updateTable("Job").set({ expiresAt: new Date(Date.now() - 1) }).where("id", "=", job.id).execute();
    await expect(getJob({ jobId: job.id }, ada)).rejects.toMatchObject({ code: "gone" });
    expect(await sweepExpiredJobs()).toBeGreaterThanOrEqual(1);
    await expect(getJob({ jobId: job.id }, ada)).rejects.toMatchObject({ code: "not_found" });
  });

  it("does not run an expired job that was never taken", async () => {
    runs.length = 0;
    const job = await enqueueJob(shout, { text: "late" }, ada);
    await sql.updateTable("Job").set({ expiresAt: new Date(Date.now() - 1) }).where("id", "=", job.id).execute();
    await runQueuedJobs(DEFINITIONS);
    expect(runs).not.toContain(job.id);
  });
});

describe("the queue behind the use cases (issue 18 item 4)", () => {
  it("lists a writer's own unexpired jobs, newest first, filtered by status, and counts them", async () => {
    const [cy, di] = [await newWriter("cy"), await newWriter("di")];
    const first = await enqueueJob(shout, { text: "one" }, cy);
    const second = await enqueueJob(shout, { text: "two" }, cy);
    // Queued a minute apart, so that the order does not rest on two inserts' milliseconds.
    await sql.updateTable("Job").set({ createdAt: new Date(Date.now() - 60_000) }).where("id", "=", first.id).execute();
    await enqueueJob(shout, { text: "theirs" }, di);
    const gone = await enqueueJob(shout, { text: "gone" }, cy);
    await sql.updateTable("Job").set({ expiresAt: new Date(Date.now() - 1) }).where("id", "=", gone.id).execute();
    const page = await listJobs(defaultCollectionOptions(jobsCollection, { perPage: 1 }), cy);
    expect(page).toMatchObject({ total: 2, page: 1, perPage: 1, items: [{ id: second.id, links: { self: `/api/v1/jobs/${second.id}` } }] });
    await runQueuedJobs(DEFINITIONS);
    const succeeded = await listJobs(defaultCollectionOptions(jobsCollection, { filters: { status: "succeeded" }, sortBy: "createdAt" }), cy);
    expect(succeeded.items.map((job) => job.id)).toEqual([first.id, second.id]);
    expect((await listJobs(defaultCollectionOptions(jobsCollection, { filters: { status: "queued" } }), cy)).total).toBe(0);
  });

  it("describes a finished job's file from the job alone, as its download names it", async () => {
    const ed = await newWriter("ed");
    const job = await enqueueJob(shout, { text: "hey" }, ed);
    await expect(describeJobFile({ jobId: job.id }, ed)).rejects.toMatchObject({ code: "job_not_finished" });
    await runQueuedJobs(DEFINITIONS);
    const file = await getJobFile({ jobId: job.id }, ed);
    expect(await describeJobFile({ jobId: job.id }, ed)).toEqual({ name: file.name, mediaType: file.mediaType, size: file.bytes.byteLength });
  });
});
