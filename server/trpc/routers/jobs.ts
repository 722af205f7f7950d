import { getJobEndpoint } from "../../http/endpoints/jobs";
import { jobsCollection, listJobs } from "../../jobs/list-jobs";
import { jobSchema } from "../../jobs/schemas";
import { router } from "../init";
import { listProcedure } from "../list-procedure";
import { procedureOf } from "../procedure-of";

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
  get: procedureOf(getJobEndpoint),
});
