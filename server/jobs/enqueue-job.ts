import type { Principal } from "../auth/principal";
import { db, transaction } from "../db";
import { AppError } from "../errors";
import type { Prisma } from "../generated/prisma/client";
import { blobStore } from "./blob-store";
import type { JobDefinition } from "./define-job";
import { ACTIVE_JOBS_RETRY_SECONDS, MAX_ACTIVE_JOBS_PER_WRITER, MAX_JOB_BYTES_PER_WRITER } from "./limits";
import { wakeJobRunner } from "./runner";
import { JOB_VIEW, toJobDto, type JobDto } from "./schemas";

/**
 * Queues work for the runners of every instance. The calling use case has already checked that
 * the principal may ask for it; the job belongs to the principal's user. A writer's jobs are
 * capped in number and in stored bytes (server/jobs/limits.ts): the check and the insert are one
 * transaction, so parallel requests cannot slip past the caps together. An uploaded file goes to
 * the blob store first (outside the transaction: writing it takes a while, in pieces), and is
 * deleted again when the job is refused.
 */
export async function enqueueJob<I>(
  definition: JobDefinition<I>,
  input: I,
  principal: Principal,
  options: { inputFile?: Uint8Array } = {},
): Promise<JobDto> {
  const json = JSON.stringify(definition.input.parse(input));
  const inputSize = options.inputFile?.byteLength ?? null;
  // Checked before the file is written as well, so that a refused upload costs no writing.
  await refuseOverQuota(db, principal.userId, inputSize ?? 0);
  const inputBlobId = options.inputFile ? await blobStore.put(options.inputFile) : null;
  const row = await transaction(async (tx) => {
    await refuseOverQuota(tx, principal.userId, inputSize ?? 0);
    return tx.job.create({
      data: {
        kind: definition.kind,
        ownerId: principal.userId,
        input: json,
        inputBlobId,
        inputSize,
        expiresAt: new Date(Date.now() + definition.ttlSeconds * 1000),
      },
      select: JOB_VIEW,
    });
  }).catch(async (error: unknown) => {
    // The refusal is the answer; a file left behind is the sweep's.
    await blobStore.delete([inputBlobId]).catch(() => undefined);
    throw error;
  });
  wakeJobRunner();
  return toJobDto(row);
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
