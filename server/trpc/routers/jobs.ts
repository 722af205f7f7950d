import { z } from "zod";
import { getJob } from "../../jobs/get-job";
import { jobIdParams, jobSchema } from "../../jobs/schemas";
import { authedProcedure, router } from "../init";

export const jobsRouter = router({
  /** A background job as REST shows it; its file is downloaded over REST (`links.file`). */
  get: authedProcedure
    .input(z.strictObject({ id: jobIdParams.shape.jobId }))
    .output(jobSchema)
    .query(({ input, ctx }) => getJob({ jobId: input.id }, ctx.principal)),
});
