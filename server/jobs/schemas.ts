import { z } from "zod";
import type { JobRecord } from "./queue";

export const JOB_STATUSES = ["queued", "running", "succeeded", "failed"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const jobIdParams = z.object({ jobId: z.string().min(1).max(64) });

export const jobSchema = z
  .object({
    id: z.string(),
    kind: z.string(),
    status: z.enum(JOB_STATUSES),
    progress: z.number().min(0).max(1),
    result: z.unknown().nullable().describe("the job's outcome once it succeeded (its shape depends on the kind)"),
    error: z.object({ code: z.string(), message: z.string() }).nullable(),
    file: z.object({ name: z.string(), mediaType: z.string(), size: z.int() }).nullable(),
    createdAt: z.iso.datetime(),
    startedAt: z.iso.datetime().nullable(),
    finishedAt: z.iso.datetime().nullable(),
    expiresAt: z.iso.datetime().describe("after this the job and its result are gone"),
    links: z.object({ self: z.string(), file: z.string().optional() }),
  })
  .meta({ id: "Job" });

export type JobDto = z.infer<typeof jobSchema>;

export function toJobDto(row: JobRecord): JobDto {
  const self = `/api/v1/jobs/${row.id}`;
  const hasFile = row.fileName !== null && row.fileSize !== null;
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    progress: row.progress,
    result: row.result === null ? null : JSON.parse(row.result),
    error: row.errorCode === null ? null : { code: row.errorCode, message: row.errorMessage ?? "" },
    file: hasFile ? { name: row.fileName!, mediaType: row.fileMediaType ?? "application/octet-stream", size: row.fileSize! } : null,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt.toISOString(),
    links: hasFile ? { self, file: `${self}/file` } : { self },
  };
}
