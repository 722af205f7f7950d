import { accountArchiveJob } from "../accounts/archive-job";
import { analysisBatchJob, analysisJob } from "../analysis/analysis-job";
import { conversionJob, exportJob } from "../convert/jobs";
import type { JobDefinition } from "../jobs/define-job";

/**
 * Every kind of job, so that any instance's runner can run a job any instance queued. The runner
 * knows no domain: it is given this list when it starts (instrumentation.ts; tests pass it to
 * runQueuedJobs). A domain adds its definition here (one line); a job of a kind not listed fails
 * as unknown.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const JOB_KINDS: readonly JobDefinition<any>[] = [conversionJob, exportJob, analysisJob, analysisBatchJob, accountArchiveJob];
