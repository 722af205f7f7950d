import { cancelJobEndpoint, getJobEndpoint, listJobsEndpoint } from "../../http/endpoints/jobs";
import { router } from "../init";
import { listProcedureOf } from "../list-procedure";
import { procedureOf } from "../procedure-of";

export const jobsRouter = router({
  /** The caller's jobs that have not expired, newest first, as GET /api/v1/jobs pages them. */
  list: listProcedureOf(listJobsEndpoint),
  /** A background job as REST shows it; its file is downloaded over REST (`links.file`). */
  get: procedureOf(getJobEndpoint),
  /** Cancels a queued or running job, as DELETE /api/v1/jobs/{jobId} does. */
  cancel: procedureOf(cancelJobEndpoint, "cancelled"),
});
