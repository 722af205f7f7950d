import type { Kysely, Transaction, Updateable } from "kysely";
import { sql, transaction } from "../db";
import { AppError } from "../errors";
import type { DB, Job } from "../generated/kysely/database";
import { countOf } from "../sql/count";
import { newId } from "../sql/values";
import { blobStore } from "./job-blob-store";
import { ACTIVE_JOBS_RETRY_SECONDS, LEASE_MS, MAX_ACTIVE_JOBS_PER_WRITER, MAX_ATTEMPTS, MAX_JOB_BYTES_PER_WRITER, retryDelayMs, RUNNING_JOBS_PER_WRITER } from "./limits";
import { byteSize } from "../text/byte-size";
import { JOB_FINISHED_TOPIC, type ClaimedJob, type JobOutcome, type JobQueue, type JobRecord } from "./queue";
import type { JobStatus } from "./schemas";
import { logFailure } from "../machine-trouble";

/** The columns a job's record needs. */
const RECORD = [
  "id",
  "kind",
  "ownerId",
  "bookId",
  "bookOperation",
  "status",
  "progress",
  "result",
  "fileName",
  "fileMediaType",
  "fileSize",
  "errorCode",
  "errorMessage",
  "createdAt",
  "startedAt",
  "finishedAt",
  "expiresAt",
] as const;

const CLAIMED = ["id", "kind", "ownerId", "input", "attempts"] as const;

/** A crashed request's blob gets this long to be queued before it counts as left behind. */
const UNREFERENCED_BLOB_GRACE_MS = 60 * 60 * 1000;

type Row = Omit<JobRecord, "status"> & { status: string };
const record = (row: Row): JobRecord => ({ ...row, status: row.status as JobStatus });
const claimed = (row: { id: string; kind: string; ownerId: string; input: string; attempts: number }): ClaimedJob => ({
  id: row.id,
  kind: row.kind,
  ownerId: row.ownerId,
  input: row.input,
  attempt: row.attempts,
});

type Change = Updateable<Job>;

/**
 * The queue in the Job table every instance shares. A writer's jobs are capped in number and in
 * stored bytes: the check and the insert are one transaction, so parallel requests cannot slip
 * past the caps together. A runner holds a claimed job under a lease it renews; a job whose lease
 * ran out (its runner died) is put back, with a back-off, or given up after MAX_ATTEMPTS.
 */
export const databaseJobQueue: JobQueue = {
  async enqueue(job) {
    const inputSize = job.inputFile?.byteLength ?? null;
    // Checked before the file is written as well, so that a refused upload costs no writing.
    await refuseOverQuota(sql, job.ownerId, inputSize ?? 0);
    // Outside the transaction: writing a file takes a while, in pieces.
    const inputBlobId = job.inputFile ? await blobStore.put(job.inputFile) : null;
    const row = await transaction(async (trx) => {
      await refuseOverQuota(trx, job.ownerId, inputSize ?? 0);
      return trx
        .insertInto("Job")
        .values({
          id: newId(),
          kind: job.kind,
          ownerId: job.ownerId,
          bookId: job.book?.id ?? null,
          bookOperation: job.book?.operation ?? null,
          input: job.input,
          inputBlobId,
          inputSize,
          expiresAt: job.expiresAt,
          createdAt: new Date(),
        })
        .returning(RECORD)
        .executeTakeFirstOrThrow();
    }).catch(async (error: unknown) => {
      // The refusal is the answer; a file left behind is the sweep's.
      await blobStore.delete([inputBlobId]).catch(() => undefined);
      throw error;
    });
    return record(row);
  },

  async depth() {
    const rows = await sql
      .selectFrom("Job")
      .select((eb) => ["status", eb.fn.countAll<number | string | bigint>().as("count")])
      .where("status", "in", ["queued", "running"])
      .where("expiresAt", ">", new Date())
      .groupBy("status")
      .execute();
    const of = (status: string) => Number(rows.find((row) => row.status === status)?.count ?? 0);
    return { queued: of("queued"), running: of("running") };
  },

  async get(jobId) {
    const row = await sql.selectFrom("Job").select(RECORD).where("id", "=", jobId).executeTakeFirst();
    return row ? record(row) : null;
  },

  async list({ ownerId, status, kind, order, offset, limit }) {
    let matching = sql.selectFrom("Job").where("expiresAt", ">", new Date());
    if (ownerId !== undefined) matching = matching.where("ownerId", "=", ownerId);
    if (status) matching = matching.where("status", "=", status);
    if (kind) matching = matching.where("kind", "=", kind);
    const [rows, total] = await Promise.all([
      matching.select(RECORD).orderBy("createdAt", order).orderBy("id", order).offset(offset).limit(limit).execute(),
      countOf(matching),
    ]);
    return { items: rows.map(record), total };
  },

  async claim() {
    await putBackOrphans();
    const due = (database: Kysely<DB>, now: Date) =>
      database
        .selectFrom("Job")
        .select("id")
        .where("status", "=", "queued")
        .where("expiresAt", ">", now)
        .where((eb) => eb.or([eb("availableAt", "is", null), eb("availableAt", "<=", now)]));
    // A plain read first: an idle queue, polled every second, takes no write lock.
    if (!(await due(sql, new Date()).limit(1).executeTakeFirst())) return null;
    // The oldest due job whose writer has fewer than RUNNING_JOBS_PER_WRITER jobs running, on any
    // instance: one writer's flood waits behind itself, never in front of another writer's job.
    // Counting, choosing and taking are one transaction (serializable on PostgreSQL), so of several
    // instances reaching for the queue at once none takes a job another took, nor a second job of
    // a writer another instance has just started.
    const row = await transaction(async (trx) => {
      const now = new Date();
      const busy = await trx
        .selectFrom("Job")
        .select("ownerId")
        .where("status", "=", "running")
        .groupBy("ownerId")
        .having((eb) => eb.fn.countAll(), ">=", RUNNING_JOBS_PER_WRITER)
        .execute();
      let choice = due(trx, now);
      if (busy.length > 0) choice = choice.where("ownerId", "not in", busy.map((r) => r.ownerId));
      const next = await choice.orderBy("createdAt", "asc").limit(1).executeTakeFirst();
      if (!next) return null;
      return trx
        .updateTable("Job")
        .set((eb) => ({ status: "running", attempts: eb("attempts", "+", 1), leaseUntil: new Date(now.getTime() + LEASE_MS), startedAt: now, availableAt: null }))
        .where("id", "=", next.id)
        .returning(CLAIMED)
        .executeTakeFirstOrThrow();
    });
    return row && claimed(row);
  },

  async renew(job, progress) {
    const change: Change = { leaseUntil: new Date(Date.now() + LEASE_MS) };
    if (progress !== undefined) change.progress = Math.min(1, Math.max(0, progress));
    const { numUpdatedRows } = await sql.updateTable("Job").set(change).where("id", "=", job.id).where("attempts", "=", job.attempt).where("status", "=", "running").executeTakeFirst();
    return numUpdatedRows === 1n;
  },

  async complete(job, outcome) {
    const { inputBlobId } = (await sql.selectFrom("Job").select("inputBlobId").where("id", "=", job.id).executeTakeFirst()) ?? { inputBlobId: null };
    const change = outcome.status === "succeeded" ? await succeeded(outcome) : failed(outcome.code, outcome.message);
    // Once, while still running: a failure after the outcome is written cannot overwrite it, and a
    // job cancelled meanwhile keeps "cancelled" (its result is dropped below).
    const numUpdatedRows = await transaction(async (trx) => {
      const { numUpdatedRows: updated } = await trx
        .updateTable("Job")
        .set({ ...change, ...finished(new Date()) })
        .where("id", "=", job.id)
        .where("attempts", "=", job.attempt)
        .where("status", "=", "running")
        .executeTakeFirst();
      if (updated === 1n) await leaveFinishedRow(trx, job.id);
      return updated;
    });
    // Taken over meanwhile: the new runner's outcome counts, and the file this run made is not kept.
    // Best effort: the outcome is written, and the sweep collects what is left.
    const made = typeof change.fileBlobId === "string" ? change.fileBlobId : null;
    await blobStore.delete(numUpdatedRows === 1n ? [inputBlobId] : [made]).catch((error) => logFailure(error, "a job's file was not deleted; the sweep will"));
  },

  async cancel(jobId) {
    const dropped = await transaction(async (trx) => {
      const now = new Date();
      const job = await trx.selectFrom("Job").select("inputBlobId").where("id", "=", jobId).where("status", "in", ["queued", "running"]).executeTakeFirst();
      if (!job) return null;
      await trx
        .updateTable("Job")
        .set({ ...failed("job_cancelled", "The job was cancelled; nothing it was to make was kept."), status: "cancelled", ...finished(now) })
        .where("id", "=", jobId)
        .execute();
      await leaveFinishedRow(trx, jobId);
      return { inputBlobId: job.inputBlobId };
    });
    // Its upload is not needed any more: best effort, as for a finished job (the sweep collects the rest).
    if (dropped) await blobStore.delete([dropped.inputBlobId]).catch((error) => logFailure(error, "a cancelled job's input was not deleted; the sweep will"));
    return this.get(jobId);
  },

  async file(jobId, which) {
    const row = await sql.selectFrom("Job").select(["inputBlobId", "fileBlobId"]).where("id", "=", jobId).executeTakeFirst();
    const blobId = which === "input" ? row?.inputBlobId : row?.fileBlobId;
    return blobId ? blobStore.get(blobId) : null;
  },

  async sweep() {
    const { numDeletedRows } = await sql.deleteFrom("Job").where("expiresAt", "<=", new Date()).executeTakeFirst();
    await blobStore.sweepUnreferenced(UNREFERENCED_BLOB_GRACE_MS);
    return Number(numDeletedRows);
  },
};

/**
 * Jobs whose runner died (their lease ran out) go back to the queue, due after a back-off that
 * grows with each death, so the next runner does not meet the same fate at once; a job that has
 * killed MAX_ATTEMPTS runners is given up. Each change is conditional on the lease still being
 * out, so a runner that was only slow to renew keeps its job.
 */
async function putBackOrphans(): Promise<void> {
  const now = new Date();
  const orphans = await sql.selectFrom("Job").select(["id", "attempts"]).where("status", "=", "running").where("leaseUntil", "<", now).execute();
  for (const orphan of orphans) {
    const change: Change =
      orphan.attempts >= MAX_ATTEMPTS
        ? { ...failed("job_abandoned", "The job stopped its server every time it ran, so it was given up."), ...finished(now) }
        : { status: "queued", leaseUntil: null, availableAt: new Date(now.getTime() + retryDelayMs(orphan.attempts)) };
    await transaction(async (trx) => {
      const { numUpdatedRows } = await trx
        .updateTable("Job")
        .set(change)
        .where("id", "=", orphan.id)
        .where("attempts", "=", orphan.attempts)
        .where("status", "=", "running")
        .where("leaseUntil", "<", now)
        .executeTakeFirst();
      if (numUpdatedRows === 1n && change.status === "failed") await leaveFinishedRow(trx, orphan.id);
    });
  }
}

/** The outbox row of a job's end, in the transaction that ended it (JOB_FINISHED_TOPIC). */
async function leaveFinishedRow(trx: Transaction<DB>, jobId: string): Promise<void> {
  await trx.insertInto("Outbox").values({ topic: JOB_FINISHED_TOPIC, subjectId: jobId, createdAt: new Date() }).execute();
}

async function succeeded(outcome: Extract<JobOutcome, { status: "succeeded" }>): Promise<Change> {
  const file = outcome.file;
  return {
    status: "succeeded",
    progress: 1,
    result: outcome.result === undefined ? null : JSON.stringify(outcome.result),
    fileBlobId: file ? await blobStore.put(file.bytes) : null,
    fileName: file?.name ?? null,
    fileMediaType: file?.mediaType ?? null,
    fileSize: file?.bytes.byteLength ?? null,
  };
}

function failed(code: string, message: string): Change {
  return { status: "failed", errorCode: code, errorMessage: message };
}

/** A finished job's input is dropped: its bytes no longer count against its writer. */
function finished(at: Date): Change {
  return { leaseUntil: null, finishedAt: at, inputBlobId: null, inputSize: null };
}

/** The writer's jobs that have not expired. */
const unexpired = (database: Kysely<DB>, ownerId: string, now: Date) => database.selectFrom("Job").where("ownerId", "=", ownerId).where("expiresAt", ">", now);

async function refuseOverQuota(database: Kysely<DB>, ownerId: string, adding: number): Promise<void> {
  const now = new Date();
  const active = await countOf(unexpired(database, ownerId, now).where("status", "in", ["queued", "running"]));
  if (active >= MAX_ACTIVE_JOBS_PER_WRITER) {
    throw new AppError(
      "rate_limited",
      `You already have ${active} jobs queued or running, the most one writer may have at once; try again when one has finished.`,
      { activeJobs: active, maxActiveJobs: MAX_ACTIVE_JOBS_PER_WRITER },
      ACTIVE_JOBS_RETRY_SECONDS,
    );
  }
  const stored = await unexpired(database, ownerId, now)
    .select((eb) => [eb.fn.sum<number | string | null>("inputSize").as("input"), eb.fn.sum<number | string | null>("fileSize").as("file")])
    .executeTakeFirstOrThrow();
  // A number on SQLite, a bigint's text on PostgreSQL; null when no job counts.
  const bytes = Number(stored.input ?? 0) + Number(stored.file ?? 0);
  if (bytes + adding > MAX_JOB_BYTES_PER_WRITER) {
    throw new AppError(
      "rate_limited",
      `Your jobs already keep ${byteSize(bytes)} of documents and results, and this one would take you past the ${byteSize(MAX_JOB_BYTES_PER_WRITER)} one writer may keep; try again when a job has finished or its result has expired.`,
      { storedBytes: bytes, addingBytes: adding, maxStoredBytes: MAX_JOB_BYTES_PER_WRITER },
      await secondsUntilRoom(database, ownerId, now),
    );
  }
}

/** Room comes back when a job under way drops its input, else when the oldest kept result expires. */
async function secondsUntilRoom(database: Kysely<DB>, ownerId: string, now: Date): Promise<number> {
  if (await unexpired(database, ownerId, now).select("id").where("inputSize", "is not", null).limit(1).executeTakeFirst()) return ACTIVE_JOBS_RETRY_SECONDS;
  const oldest = await unexpired(database, ownerId, now).select("expiresAt").where("fileSize", "is not", null).orderBy("expiresAt", "asc").limit(1).executeTakeFirst();
  return oldest ? Math.max(1, Math.ceil((oldest.expiresAt.getTime() - now.getTime()) / 1000)) : ACTIVE_JOBS_RETRY_SECONDS;
}
