import { z } from "zod";
import type { ApiClient } from "./client";
import { CliError } from "./errors";
import { progressBar } from "./progress";

// Read loosely: only what the CLI acts on (DESIGN §8 has the full job resource).
export const jobSchema = z
  .object({
    id: z.string(),
    kind: z.string(),
    status: z.enum(["queued", "running", "succeeded", "failed"]),
    progress: z.number().catch(0),
    result: z.unknown().optional(),
    error: z.object({ code: z.string(), message: z.string() }).nullable().optional(),
  })
  .loose();
export type Job = z.infer<typeof jobSchema>;

const FIRST_POLL_MS = 250;
const LONGEST_POLL_MS = 2_000;

/** Polls a queued job until it has finished, showing its progress; a failed job is an error. */
export async function awaitJob(client: ApiClient, queued: Job, label: string): Promise<Job> {
  const bar = progressBar(label, "fraction");
  let job = queued;
  let wait = FIRST_POLL_MS;
  try {
    while (job.status === "queued" || job.status === "running") {
      bar.update(job.progress);
      await new Promise((resolve) => setTimeout(resolve, wait));
      wait = Math.min(wait * 2, LONGEST_POLL_MS);
      job = await client.data("GET", `/api/v1/jobs/${encodeURIComponent(job.id)}`, {}, jobSchema);
    }
    bar.update(1);
  } finally {
    bar.stop();
  }
  if (job.status === "failed") {
    throw new CliError(`${job.kind} failed: ${job.error?.message ?? "no reason given"}${job.error ? ` (${job.error.code})` : ""}`);
  }
  return job;
}
