import { z } from "zod";

export const JOB_STATUSES = ["queued", "running", "succeeded", "failed", "cancelled"] as const;
/** The statuses a job ends in: it changes no more. */
export const FINISHED_JOB_STATUSES = ["succeeded", "failed", "cancelled"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const jobIdParams = z.object({ jobId: z.string().min(1).max(64) });

export const jobSchema = z
  .object({
    id: z.string(),
    kind: z.string(),
    ownerId: z.string().describe("the account whose job it is"),
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
