import { Option, type Command } from "commander";
import { JOB_STATUSES, jobSchema, type JobDto } from "../../server/jobs/schemas";
import { context } from "../context";
import { CliError } from "../errors";
import { writeOutput } from "../files";
import { awaitJob } from "../jobs";
import { jsonFields } from "../json-output";
import { printRecord, printResult } from "../output";
import { pageOptions, printListing, readListing, type PageOptions } from "../paging";

const jobPath = (id: string) => `/api/v1/jobs/${encodeURIComponent(id)}`;
const percent = (job: JobDto) => `${Math.round(job.progress * 100)}%`;

function jobRecord(job: JobDto) {
  return {
    id: job.id,
    kind: job.kind,
    status: job.status,
    progress: percent(job),
    error: job.error ? `${job.error.message} (${job.error.code})` : "",
    file: job.file ? `${job.file.name} (${job.file.mediaType}, ${job.file.size} bytes)` : "",
    created: job.createdAt,
    finished: job.finishedAt ?? "",
    expires: job.expiresAt,
  };
}

export function registerJobs(program: Command): void {
  const jobs = program.command("jobs").description("your background jobs (exports, conversions, analyses): list, show, wait for one, download its file, cancel one");

  pageOptions(jsonFields(jobs.command("list").description("your jobs that have not expired, newest first"), jobSchema))
    .addOption(new Option("--status <status>", "only jobs in this state").choices(JOB_STATUSES))
    .option("--kind <kind>", "only jobs of this kind, e.g. convert.export")
    .action(async (options: PageOptions & { status?: string; kind?: string }, command: Command) => {
      const { client, json } = context(command);
      const listing = await readListing(client, "/api/v1/jobs", { status: options.status, kind: options.kind }, jobSchema, options);
      printListing<JobDto>(json, listing, [
        { heading: "id", value: (j) => j.id },
        { heading: "kind", value: (j) => j.kind },
        { heading: "status", value: (j) => j.status },
        { heading: "progress", value: percent },
        { heading: "created", value: (j) => j.createdAt },
      ], "no jobs", options);
    });

  jsonFields(jobs.command("show <jobId>"), jobSchema)
    .description("one job: its state, progress, and error or file")
    .action(async (jobId: string, _options: unknown, command: Command) => {
      const { client, json } = context(command);
      const job = await client.data("GET", jobPath(jobId), {}, jobSchema);
      printRecord(json, json ? job : jobRecord(job));
    });

  jobs
    .command("wait <jobId>")
    .description("wait until a job has finished (a bar on a terminal); exit 1 if it failed")
    .action(async (jobId: string, _options: unknown, command: Command) => {
      const { client, json } = context(command);
      const job = await awaitJob(client, await client.data("GET", jobPath(jobId), {}, jobSchema), "waiting");
      printResult(json, job, `${job.kind} ${job.id} ${job.status}${job.file ? `: inkstone jobs download ${job.id} -o ${job.file.name}` : ""}`);
    });

  jobs
    .command("download <jobId>")
    .description("download the file a finished job made")
    .requiredOption("-o, --output <file>", 'where to write it ("-" for standard output)')
    .action(async (jobId: string, options: { output: string }, command: Command) => {
      const { client, json } = context(command);
      const job = await client.data("GET", jobPath(jobId), {}, jobSchema);
      if (!job.file) throw new CliError(job.status === "succeeded" ? `${job.kind} ${job.id} made no file` : `${job.kind} ${job.id} is ${job.status}: no file yet (inkstone jobs wait ${job.id})`);
      const file = await client.download("GET", `${jobPath(jobId)}/file`, { progress: "downloading" });
      const where = writeOutput(file.bytes, options.output);
      if (options.output !== "-") printResult(json, { file: where, bytes: file.bytes.byteLength, mediaType: file.mediaType, job: job.id }, `Wrote ${where} (${file.bytes.byteLength} bytes).`);
    });

  jobs
    .command("cancel <jobId>")
    .description("cancel a queued or running job: its work stops and nothing it made is kept")
    .action(async (jobId: string, _options: unknown, command: Command) => {
      const { client, json } = context(command);
      await client.data("DELETE", jobPath(jobId));
      printResult(json, { id: jobId, cancelled: true }, `Cancelled ${jobId}.`);
    });
}
