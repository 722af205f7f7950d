import { jobSchema, type JobDto } from "../server/jobs/schemas";
import { CliError } from "./errors";
import { progressBar } from "./progress";


/** A link the server gave (a path, or a full URL on this server) as a path for the client. */
export function linkPath(link: string): string {
  if (!/^https?:/i.test(link)) return link;
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/** What polling needs of the client: client.ts imports this file, so this one does not import it. */
interface JobReader {
  data(method: "GET", path: string, options: Record<string, never>, schema: typeof jobSchema): Promise<JobDto>;
}

const FIRST_POLL_MS = 250;
const LONGEST_POLL_MS = 2_000;

/** Polls a queued job until it has finished, showing its progress; a failed job is an error. */
export async function awaitJob(client: JobReader, queued: JobDto, label: string): Promise<JobDto> {
  const bar = progressBar(label, "fraction");
  let job = queued;
  let wait = FIRST_POLL_MS;
  try {
    while (job.status === "queued" || job.status === "running") {
      bar.update(job.progress);
      await new Promise((resolve) => setTimeout(resolve, wait));
      wait = Math.min(wait * 2, LONGEST_POLL_MS);
      job = await client.data("GET", linkPath(job.links.self), {}, jobSchema);
    }
    bar.update(1);
  } finally {
    bar.stop();
  }
  if (job.status === "failed" || job.status === "cancelled") {
    throw new CliError(`${job.kind} ${job.status}: ${job.error?.message ?? "no reason given"}${job.error ? ` (${job.error.code})` : ""}`);
  }
  return job;
}
