import { conversionJob, exportJob } from "../convert/jobs";
import { analysisBatchJob, analysisJob } from "../analysis/analysis-job";
import type { JobDefinition } from "./define-job";

/**
 * Every kind of job, so that any instance's runner can run a job any instance queued. A domain
 * adds its definition here (one line); a job of a kind not listed fails as unknown.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const JOB_DEFINITIONS: JobDefinition<any>[] = [conversionJob, exportJob, analysisJob, analysisBatchJob];
