import { db, prismaTransaction } from "../db";
import { AppError } from "../errors";
import type { Prisma } from "../generated/prisma/client";
import { blobStore } from "./blob-store";
import { ACTIVE_JOBS_RETRY_SECONDS, LEASE_MS, MAX_ACTIVE_JOBS_PER_WRITER, MAX_ATTEMPTS, MAX_JOB_BYTES_PER_WRITER, retryDelayMs, RUNNING_JOBS_PER_WRITER } from "./limits";
import type { ClaimedJob, JobOutcome, JobQueue, JobRecord, JobStatus } from "./queue";

/** The columns a job's record needs. */
const RECORD = {
  id: true,
  kind: true,
  ownerId: true,
  status: true,
  progress: true,
  result: true,
  fileName: true,
  fileMediaType: true,
  fileSize: true,
  errorCode: true,
  errorMessage: true,
  createdAt: true,
  startedAt: true,
  finishedAt: true,
  expiresAt: true,
} as const;

const CLAIMED = { id: true, kind: true, ownerId: true, input: true, attempts: true } as const;

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

type Change = Parameters<typeof db.job.updateMany>[0]["data"];

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
    await refuseOverQuota(db, job.ownerId, inputSize ?? 0);
    // Outside the transaction: writing a file takes a while, in pieces.
    const inputBlobId = job.inputFile ? await blobStore.put(job.inputFile) : null;
    const row = await prismaTransaction(async (tx) => {
      await refuseOverQuota(tx, job.ownerId, inputSize ?? 0);
      return tx.job.create({
        data: { kind: job.kind, ownerId: job.ownerId, input: job.input, inputBlobId, inputSize, expiresAt: job.expiresAt },
        select: RECORD,
      });
    }).catch(async (error: unknown) => {
      // The refusal is the answer; a file left behind is the sweep's.
      await blobStore.delete([inputBlobId]).catch(() => undefined);
      throw error;
    });
    return record(row);
  },

  async get(jobId) {
    const row = await db.job.findUnique({ where: { id: jobId }, select: RECORD });
    return row && record(row);
  },

  async list({ ownerId, status, kind, order, offset, limit }) {
    const where = { ownerId, expiresAt: { gt: new Date() }, ...(status && { status }), ...(kind && { kind }) };
    const [rows, total] = await Promise.all([
      db.job.findMany({ where, select: RECORD, orderBy: [{ createdAt: order }, { id: order }], skip: offset, take: limit }),
      db.job.count({ where }),
    ]);
    return { items: rows.map(record), total };
  },

  async claim() {
    await putBackOrphans();
    const due = (now: Date) => ({ status: "queued", expiresAt: { gt: now }, OR: [{ availableAt: null }, { availableAt: { lte: now } }] });
    // A plain read first: an idle queue, polled every second, takes no write lock.
    if (!(await db.job.findFirst({ where: due(new Date()), select: { id: true } }))) return null;
    // The oldest due job whose writer has fewer than RUNNING_JOBS_PER_WRITER jobs running, on any
    // instance: one writer's flood waits behind itself, never in front of another writer's job.
    // Counting, choosing and taking are one transaction (serializable on PostgreSQL), so of several
    // instances reaching for the queue at once none takes a job another took, nor a second job of
    // a writer another instance has just started.
    const row = await prismaTransaction(async (tx) => {
      const now = new Date();
      const running = await tx.job.groupBy({ by: ["ownerId"], where: { status: "running" }, _count: { _all: true } });
      const busyWriters = running.filter((r) => r._count._all >= RUNNING_JOBS_PER_WRITER).map((r) => r.ownerId);
      const next = await tx.job.findFirst({
        where: { ...due(now), ownerId: { notIn: busyWriters } },
        orderBy: { createdAt: "asc" },
        select: { id: true },
      });
      if (!next) return null;
      return tx.job.update({
        where: { id: next.id },
        data: { status: "running", attempts: { increment: 1 }, leaseUntil: new Date(now.getTime() + LEASE_MS), startedAt: now, availableAt: null },
        select: CLAIMED,
      });
    });
    return row && claimed(row);
  },

  async renew(job, progress) {
    const change: Change = { leaseUntil: new Date(Date.now() + LEASE_MS) };
    if (progress !== undefined) change.progress = Math.min(1, Math.max(0, progress));
    await db.job.updateMany({ where: { id: job.id, attempts: job.attempt, status: "running" }, data: change });
  },

  async complete(job, outcome) {
    const { inputBlobId } = (await db.job.findUnique({ where: { id: job.id }, select: { inputBlobId: true } })) ?? { inputBlobId: null };
    const change = outcome.status === "succeeded" ? await succeeded(outcome) : failed(outcome.code, outcome.message);
    // Once, while still running: a failure after the outcome is written cannot overwrite it.
    const { count } = await db.job.updateMany({ where: { id: job.id, attempts: job.attempt, status: "running" }, data: { ...change, ...finished(new Date()) } });
    // Taken over meanwhile: the new runner's outcome counts, and the file this run made is not kept.
    // Best effort: the outcome is written, and the sweep collects what is left.
    const made = typeof change.fileBlobId === "string" ? change.fileBlobId : null;
    await blobStore.delete(count === 1 ? [inputBlobId] : [made]).catch((error) => console.error("a job's file was not deleted; the sweep will", error));
  },

  async file(jobId, which) {
    const row = await db.job.findUnique({ where: { id: jobId }, select: { inputBlobId: true, fileBlobId: true } });
    const blobId = which === "input" ? row?.inputBlobId : row?.fileBlobId;
    return blobId ? blobStore.get(blobId) : null;
  },

  async sweep() {
    const { count } = await db.job.deleteMany({ where: { expiresAt: { lte: new Date() } } });
    await blobStore.sweepUnreferenced(UNREFERENCED_BLOB_GRACE_MS);
    return count;
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
  const orphans = await db.job.findMany({ where: { status: "running", leaseUntil: { lt: now } }, select: { id: true, attempts: true } });
  for (const orphan of orphans) {
    const change: Change =
      orphan.attempts >= MAX_ATTEMPTS
        ? { ...failed("job_abandoned", "The job stopped its server every time it ran, so it was given up."), ...finished(now) }
        : { status: "queued", leaseUntil: null, availableAt: new Date(now.getTime() + retryDelayMs(orphan.attempts)) };
    await db.job.updateMany({ where: { id: orphan.id, attempts: orphan.attempts, status: "running", leaseUntil: { lt: now } }, data: change });
  }
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

async function refuseOverQuota(tx: Prisma.TransactionClient, ownerId: string, adding: number): Promise<void> {
  const now = new Date();
  const unexpired = { ownerId, expiresAt: { gt: now } };
  const active = await tx.job.count({ where: { ...unexpired, status: { in: ["queued", "running"] } } });
  if (active >= MAX_ACTIVE_JOBS_PER_WRITER) {
    throw new AppError(
      "rate_limited",
      `You already have ${active} jobs queued or running, the most one writer may have at once; try again when one has finished.`,
      { activeJobs: active, maxActiveJobs: MAX_ACTIVE_JOBS_PER_WRITER },
      ACTIVE_JOBS_RETRY_SECONDS,
    );
  }
  const stored = await tx.job.aggregate({ where: unexpired, _sum: { inputSize: true, fileSize: true } });
  const bytes = (stored._sum.inputSize ?? 0) + (stored._sum.fileSize ?? 0);
  if (bytes + adding > MAX_JOB_BYTES_PER_WRITER) {
    throw new AppError(
      "rate_limited",
      `Your jobs already keep ${mebibytes(bytes)} of documents and results, and this one would take you past the ${mebibytes(MAX_JOB_BYTES_PER_WRITER)} one writer may keep; try again when a job has finished or its result has expired.`,
      { storedBytes: bytes, addingBytes: adding, maxStoredBytes: MAX_JOB_BYTES_PER_WRITER },
      await secondsUntilRoom(tx, ownerId, now),
    );
  }
}

/** Room comes back when a job under way drops its input, else when the oldest kept result expires. */
async function secondsUntilRoom(tx: Prisma.TransactionClient, ownerId: string, now: Date): Promise<number> {
  const unexpired = { ownerId, expiresAt: { gt: now } };
  if (await tx.job.findFirst({ where: { ...unexpired, inputSize: { not: null } }, select: { id: true } })) return ACTIVE_JOBS_RETRY_SECONDS;
  const oldest = await tx.job.findFirst({ where: { ...unexpired, fileSize: { not: null } }, orderBy: { expiresAt: "asc" }, select: { expiresAt: true } });
  return oldest ? Math.max(1, Math.ceil((oldest.expiresAt.getTime() - now.getTime()) / 1000)) : ACTIVE_JOBS_RETRY_SECONDS;
}

function mebibytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1).replace(/\.0$/, "")} MiB`;
}
