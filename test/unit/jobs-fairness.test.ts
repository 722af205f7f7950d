// @module-tag postgres
// @module-tag clock
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";

// Read when the conversion modules load: a conversion past this many seconds has its worker stopped.
vi.hoisted(() => {
  process.env.INKSTONE_CONVERSION_TIMEOUT_SECONDS = "8";
});
afterAll(() => {
  delete process.env.INKSTONE_CONVERSION_TIMEOUT_SECONDS;
});

import type { Principal } from "@/server/auth/principal";
import { conversionJob } from "@/server/convert/jobs";
import { sql } from "@/server/db";
import { AppError } from "@/server/errors";
import { defineJob } from "@/server/jobs/define-job";
import { enqueueJob } from "@/server/jobs/enqueue-job";
import { getJob } from "@/server/job-results/get-job";
import { LEASE_MS, MAX_ACTIVE_JOBS_PER_WRITER, MAX_ATTEMPTS, MAX_JOB_BYTES_PER_WRITER, RUNNING_JOBS_PER_WRITER } from "@/server/jobs/limits";
import { JOB_KINDS } from "@/server/compose/job-kinds";
import { runQueuedJobs } from "@/server/jobs/runner";
import { newWriter } from "../support/principals";

const MiB = 1024 * 1024;
const ran: string[] = [];

const quick = defineJob({
  kind: "test.quick",
  input: z.object({}),
  async run(_input, context) {
    ran.push(context.jobId);
    return { result: { ok: true } };
  },
});

/** A job that runs until the test lets it go, and says when it has started. */
let started: () => void = () => undefined;
let release: () => void = () => undefined;
const hold = defineJob({
  kind: "test.hold",
  input: z.object({}),
  async run(_input, context) {
    ran.push(context.jobId);
    started();
    await new Promise<void>((resolve) => (release = resolve));
    return {};
  },
});

/** Throws what the test hands it. */
let thrown: unknown;
const fail = defineJob({
  kind: "test.fail",
  input: z.object({}),
  run: async () => {
    throw thrown;
  },
});

const DEFINITIONS = [quick, hold, fail];

/** Finishes everything left queued, so that one test's jobs do not count in the next. */
async function drain(): Promise<void> {
  await sql.updateTable("Job").set({ status: "failed", inputBlobId: null, inputSize: null }).where("status", "in", ["queued", "running"]).execute();
}

describe("claiming jobs fairly between writers (issue 16, item 9)", () => {
  let ada: Principal;
  let bob: Principal;
  beforeAll(async () => {
    [ada, bob] = [await newWriter("ada"), await newWriter("bob")];
  });

  it("takes another writer's newer job before a second job of a writer who has one running", async () => {
    expect(RUNNING_JOBS_PER_WRITER).toBe(1);
    ran.length = 0;
    const adaFirst = await enqueueJob(hold, {}, ada);
    const adaSecond = await enqueueJob(quick, {}, ada);
    const bobs = await enqueueJob(quick, {}, bob);

    const holding = new Promise<void>((resolve) => (started = resolve));
    const first = runQueuedJobs(DEFINITIONS);
    await holding;
    // A second runner (another process, as far as the database can tell) while Ada's first job runs.
    await runQueuedJobs(DEFINITIONS);
    expect(ran).toEqual([adaFirst.id, bobs.id]);
    expect((await getJob({ jobId: bobs.id }, bob)).status).toBe("succeeded");
    expect((await getJob({ jobId: adaSecond.id }, ada)).status).toBe("queued");

    release();
    await first;
    expect(ran).toEqual([adaFirst.id, bobs.id, adaSecond.id]);
    expect((await getJob({ jobId: adaSecond.id }, ada)).status).toBe("succeeded");
  });

  it("counts a writer's job running on another instance, and not one whose runner died", async () => {
    ran.length = 0;
    const elsewhere = await enqueueJob(quick, {}, ada);
    const adaNext = await enqueueJob(quick, {}, ada);
    const bobs = await enqueueJob(quick, {}, bob);
    await sql.updateTable("Job").set({ status: "running", attempts: 1, leaseUntil: new Date(Date.now() + LEASE_MS) }).where("id", "=", elsewhere.id).execute();
    await runQueuedJobs(DEFINITIONS);
    expect(ran).toEqual([bobs.id]);

    // That instance dies: its job goes back (to wait out its back-off) and Ada's next job may run.
    await sql.updateTable("Job").set({ leaseUntil: new Date(Date.now() - 1) }).where("id", "=", elsewhere.id).execute();
    await runQueuedJobs(DEFINITIONS);
    expect(ran).toEqual([bobs.id, adaNext.id]);
    expect((await getJob({ jobId: elsewhere.id }, ada)).status).toBe("queued");
    await drain();
  });
});

describe("a writer's job quotas (issue 16, item 9)", () => {
  let carol: Principal;
  let dave: Principal;
  beforeAll(async () => {
    [carol, dave] = [await newWriter("carol"), await newWriter("dave")];
  });

  it(`refuses a writer's job past ${MAX_ACTIVE_JOBS_PER_WRITER} queued or running with 429 and Retry-After, and no other writer's`, async () => {
    for (let i = 0; i < MAX_ACTIVE_JOBS_PER_WRITER; i++) await enqueueJob(quick, {}, carol);
    const refused = await enqueueJob(quick, {}, carol).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: "rate_limited", details: { activeJobs: MAX_ACTIVE_JOBS_PER_WRITER, maxActiveJobs: MAX_ACTIVE_JOBS_PER_WRITER } });
    expect((refused as AppError).message).toMatch(/jobs queued or running/);
    expect((refused as AppError).retryAfter).toBeGreaterThan(0);
    expect(await sql.selectFrom("Job").select("id").where("ownerId", "=", carol.userId).execute()).toHaveLength(MAX_ACTIVE_JOBS_PER_WRITER);

    await expect(enqueueJob(quick, {}, dave)).resolves.toMatchObject({ status: "queued" });
    await runQueuedJobs(DEFINITIONS);
    // Finished jobs free their places.
    await expect(enqueueJob(quick, {}, carol)).resolves.toMatchObject({ status: "queued" });
    await drain();
  });

  it("refuses a job whose input would take the writer's stored job bytes past the cap", async () => {
    const erin = await newWriter("erin");
    const input = new Uint8Array(MiB).fill(0x61);
    const waiting = await enqueueJob(quick, {}, erin, { inputFile: input });
    expect((await sql.selectFrom("Job").selectAll().where("id", "=", waiting.id).executeTakeFirstOrThrow()).inputSize).toBe(MiB);
    // As if a 60 MiB input waited and a 39 MiB result were kept (sizes only: the bytes are beside the point).
    await sql.updateTable("Job").set({ inputSize: 60 * MiB }).where("id", "=", waiting.id).execute();
    const kept = await enqueueJob(quick, {}, erin);
    await sql.updateTable("Job").set({ status: "succeeded", fileSize: 39 * MiB }).where("id", "=", kept.id).execute();

    const refused = await enqueueJob(quick, {}, erin, { inputFile: new Uint8Array(2 * MiB) }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: "rate_limited", details: { storedBytes: 99 * MiB, addingBytes: 2 * MiB, maxStoredBytes: MAX_JOB_BYTES_PER_WRITER } });
    expect((refused as AppError).message).toMatch(/99 MiB .* past the 100 MiB one writer may keep/);
    // An input under way frees its bytes when its job finishes: soon.
    expect((refused as AppError).retryAfter).toBe(30);
    await expect(enqueueJob(quick, {}, erin, { inputFile: new Uint8Array(MiB / 2) })).resolves.toMatchObject({ status: "queued" });
    await expect(enqueueJob(quick, {}, await newWriter("frank"), { inputFile: new Uint8Array(2 * MiB) })).resolves.toMatchObject({ status: "queued" });

    // Running a job drops its input, and its bytes with it.
    await runQueuedJobs(DEFINITIONS);
    expect(await sql.selectFrom("Job").selectAll().where("id", "=", waiting.id).executeTakeFirstOrThrow()).toMatchObject({ status: "succeeded", inputBlobId: null, inputSize: null });
    await expect(enqueueJob(quick, {}, erin, { inputFile: new Uint8Array(2 * MiB) })).resolves.toMatchObject({ status: "queued" });
    await runQueuedJobs(DEFINITIONS);

    // Only kept results left: room comes back when the oldest expires.
    await sql.updateTable("Job").set({ fileSize: 99 * MiB, expiresAt: new Date(Date.now() + 3600_000) }).where("id", "=", kept.id).execute();
    const full = await enqueueJob(quick, {}, erin, { inputFile: new Uint8Array(2 * MiB) }).catch((error: unknown) => error);
    expect((full as AppError).retryAfter).toBeGreaterThan(3500);
    expect((full as AppError).retryAfter).toBeLessThanOrEqual(3600);
    // An expired result no longer counts.
    await sql.updateTable("Job").set({ expiresAt: new Date(Date.now() - 1) }).where("id", "=", kept.id).execute();
    await expect(enqueueJob(quick, {}, erin, { inputFile: new Uint8Array(2 * MiB) })).resolves.toMatchObject({ status: "queued" });
    await drain();
  });
});

describe("a job whose runner died (issue 16, poison jobs)", () => {
  it("goes back to the queue with a growing back-off, and is given up after its last attempt", async () => {
    const gina = await newWriter("gina");
    ran.length = 0;
    const job = await enqueueJob(quick, {}, gina);
    const dies = async (attempts: number) => {
      // As a runner leaves a job when its process dies mid-run: running, its lease run out.
      await sql.updateTable("Job").set({ status: "running", attempts, leaseUntil: new Date(Date.now() - 1), availableAt: null }).where("id", "=", job.id).execute();
      const before = Date.now();
      await runQueuedJobs(DEFINITIONS);
      const row = await sql.selectFrom("Job").selectAll().where("id", "=", job.id).executeTakeFirstOrThrow();
      return { row, waitMs: row.availableAt ? row.availableAt.getTime() - before : null };
    };

    const first = await dies(1);
    expect(first.row).toMatchObject({ status: "queued", leaseUntil: null, attempts: 1 });
    expect(first.waitMs).toBeGreaterThanOrEqual(29_000);
    expect(first.waitMs).toBeLessThanOrEqual(31_000);
    const second = await dies(2);
    expect(second.row.status).toBe("queued");
    expect(second.waitMs).toBeGreaterThanOrEqual(119_000);
    expect(second.waitMs).toBeLessThanOrEqual(121_000);
    // Not taken again before its time, not even by a runner with nothing else to do.
    expect(ran).toEqual([]);

    const last = await dies(MAX_ATTEMPTS);
    expect(last.row).toMatchObject({ status: "failed", errorCode: "job_abandoned", leaseUntil: null, inputSize: null });
    expect(ran).toEqual([]);
  });

  it("leaves alone a job whose runner still renews its lease", async () => {
    const hal = await newWriter("hal");
    const job = await enqueueJob(quick, {}, hal);
    await sql.updateTable("Job").set({ status: "running", attempts: 1, leaseUntil: new Date(Date.now() + LEASE_MS) }).where("id", "=", job.id).execute();
    await runQueuedJobs(DEFINITIONS);
    expect(await sql.selectFrom("Job").selectAll().where("id", "=", job.id).executeTakeFirstOrThrow()).toMatchObject({ status: "running", attempts: 1, availableAt: null });
    await drain();
  });
});

describe("what a failed job reports (issue 16, item 10)", () => {
  let ivy: Principal;
  beforeAll(async () => {
    ivy = await newWriter("ivy");
  });

  it("keeps the code of an AppError made by another copy of the server code", async () => {
    // Next bundles server code more than once; the runner and the pool meet errors of every copy.
    vi.resetModules();
    const other = await import("@/server/errors");
    expect(other.AppError).not.toBe(AppError);
    thrown = new other.AppError("corrupt_document", "The document could not be read.");
    expect(thrown).toBeInstanceOf(AppError);
    const job = await enqueueJob(fail, {}, ivy);
    await runQueuedJobs(DEFINITIONS);
    expect(await getJob({ jobId: job.id }, ivy)).toMatchObject({ status: "failed", error: { code: "corrupt_document", message: "The document could not be read." } });
    expect(new Error("plain")).not.toBeInstanceOf(AppError);
  });

  it("fails a conversion of a corrupt document with corrupt_document", async () => {
    const loop = new TextEncoder().encode("\\newcommand{\\a}{\\a}\\a");
    const broken = new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...new TextEncoder().encode("not really a zip at all")]);
    const jobs = [
      await enqueueJob(conversionJob, { from: "latex", to: "md", baseName: "loop" }, ivy, { inputFile: loop }),
      await enqueueJob(conversionJob, { from: "docx", to: "md", baseName: "broken" }, ivy, { inputFile: broken }),
    ];
    await runQueuedJobs(JOB_KINDS);
    for (const job of jobs) expect(await getJob({ jobId: job.id }, ivy)).toMatchObject({ status: "failed", error: { code: "corrupt_document" } });
  }, 30_000);

  it("fails a conversion past its limit with conversion_timed_out, its worker stopped from outside", async () => {
    // Eight-fold expansion, seven levels deep: minutes of work on one pandoc call, no yield.
    const levels = "abcdefgh";
    const macros = [...levels].map((name, i) => (i === 0 ? `\\def\\a{xx}` : `\\def\\${name}{${`\\${levels[i - 1]}`.repeat(8)}}`)).join("");
    const bomb = new TextEncoder().encode(`${macros}\\h`);
    const job = await enqueueJob(conversionJob, { from: "latex", to: "md", baseName: "bomb" }, ivy, { inputFile: bomb });
    const began = Date.now();
    await runQueuedJobs(JOB_KINDS);
    expect(await getJob({ jobId: job.id }, ivy)).toMatchObject({ status: "failed", error: { code: "conversion_timed_out" } });
    // Stopped at the 8 s limit, not when the work would have ended (minutes) nor by the job's own backstop (10 s later).
    expect(Date.now() - began).toBeLessThan(18_000);
  }, 30_000);
});
