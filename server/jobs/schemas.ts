import { z } from "zod";

const JOB_STATUSES = ["queued", "running", "succeeded", "failed"] as const;
type JobStatus = (typeof JOB_STATUSES)[number];

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

/** The columns a job's view needs (and where its file is kept). */
export const JOB_VIEW = {
  id: true,
  kind: true,
  ownerId: true,
  status: true,
  progress: true,
  result: true,
  fileBlobId: true,
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

interface JobRow {
  id: string;
  kind: string;
  status: string;
  progress: number;
  result: string | null;
  fileName: string | null;
  fileMediaType: string | null;
  fileSize: number | null;
  errorCode: string | null;
  errorMessage: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  expiresAt: Date;
}

export function toJobDto(row: JobRow): JobDto {
  const self = `/api/v1/jobs/${row.id}`;
  const hasFile = row.fileName !== null && row.fileSize !== null;
  return {
    id: row.id,
    kind: row.kind,
    status: row.status as JobStatus,
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
