import { z } from "zod";
import { defineJob } from "../jobs/define-job";
import { ANALYSIS_TIME_LIMIT_MS, performAnalysis } from "./perform-analysis";

/** Runs a queued analysis; the analysis row carries everything else (book, definition, parameters). */
export const analysisJob = defineJob({
  kind: "analysis.run",
  input: z.object({ analysisId: z.string().min(1) }),
  // The same limit as the engine's worker: past it the job's signal terminates that worker.
  timeoutMs: ANALYSIS_TIME_LIMIT_MS,
  run: async ({ analysisId }, { signal }) => ({ result: await performAnalysis(analysisId, signal) }),
});
