import { z } from "zod";
import { getJob } from "../../job-results/get-job";
import { jobsCollection, listJobs } from "../../jobs/list-jobs";
import { jobIdParams, jobSchema } from "../../jobs/schemas";
import { operationProcedure, router } from "../init";
import { listProcedure } from "../list-procedure";

export const jobsRouter = router({
  /** The caller's jobs that have not expired, newest first, as GET /api/v1/jobs pages them. */
  list: listProcedure({
    operation: "jobs.list",
    collection: jobsCollection,
    own: {},
    item: jobSchema,
    list: (_, options, principal) => listJobs(options, principal),
  }),
  /** A background job as REST shows it; its file is downloaded over REST (`links.file`). */
  get: operationProcedure("jobs.get")
    .input(z.strictObject(jobIdParams.shape))
    .output(jobSchema)
    .query(({ input, ctx }) => getJob(input, ctx.principal)),
});
