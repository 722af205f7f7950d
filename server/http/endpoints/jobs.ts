import { z } from "zod";
import { cancelJob } from "../../job-results/cancel-job";
import { describeJobFile, getJob, getJobFile } from "../../job-results/get-job";
import { jobsCollection, listJobs } from "../../jobs/list-jobs";
import { jobIdParams, jobSchema } from "../../jobs/schemas";
import { defineEndpoint, defineListEndpoint } from "../endpoint";
import { fileHead, fileResponse } from "../envelope";

// GET /api/v1/jobs — the caller's background jobs
export const listJobsEndpoint = defineListEndpoint({
  path: "/api/v1/jobs",
  summary: "List your background jobs that have not expired, newest first (every account's with the admin scope; `owner` narrows to one)",
  operation: "jobs.list",
  collection: jobsCollection,
  success: { status: 200, description: "one page of jobs", schema: z.array(jobSchema) },
  list: (_, options, principal) => listJobs(options, principal),
});

// GET /api/v1/jobs/{jobId} — a background job: its state, progress, and result or error
export const getJobEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v1/jobs/{jobId}",
  summary: "Read a background job (conversion, analysis): poll it until it has succeeded or failed",
  operation: "jobs.get",
  auth: "required",
  params: jobIdParams,
  success: { status: 200, description: "the job", schema: jobSchema },
  errors: ["gone"],
  run: getJob,
});

// GET /api/v1/jobs/{jobId}/file — the file a succeeded job made
export const getJobFileEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v1/jobs/{jobId}/file",
  summary: "Download the file a job made (a conversion's output)",
  operation: "jobs.get",
  auth: "required",
  params: jobIdParams,
  success: { status: 200, description: "the file, with its media type and a Content-Disposition name", file: true },
  errors: ["gone", "job_not_finished"],
  handle: async ({ params, principal }) => fileResponse(await getJobFile(params, principal)),
  // The job records its file's name, type and size: HEAD reads no bytes.
  head: async ({ params, principal }) => fileHead(await describeJobFile(params, principal)),
});

// DELETE /api/v1/jobs/{jobId} — cancel a queued or running job
export const cancelJobEndpoint = defineEndpoint({
  method: "DELETE",
  path: "/api/v1/jobs/{jobId}",
  summary: "Cancel a queued or running job: it then reads as cancelled, its work is stopped and its result discarded (409 job_finished once it has succeeded or failed)",
  operation: "jobs.cancel",
  auth: "required",
  params: jobIdParams,
  success: { status: 204, description: "cancelled (or already cancelled)" },
  errors: ["gone", "job_finished"],
  run: cancelJob,
});
