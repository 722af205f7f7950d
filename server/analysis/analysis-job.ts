import { z } from "zod";
import { defineJob } from "../jobs/define-job";
import { ANALYSIS_TIME_LIMIT_MS, performAnalyses, performAnalysis } from "./perform-analysis";

/** Runs a queued analysis; the analysis row carries everything else (book, definition, parameters). */
export const analysisJob = defineJob({
  kind: "analysis.run",
  input: z.object({ analysisId: z.string().min(1) }),
  // The same limit as the engine's worker: past it the job's signal terminates that worker.
  timeoutMs: ANALYSIS_TIME_LIMIT_MS,
  run: async ({ analysisId }, { signal }) => ({ result: await performAnalysis(analysisId, signal) }),
});

/**
 * Runs several queued analyses of one book (one request's templates) as one task: the book is read
 * once and every template runs on that reading, in one worker. The result names the first
 * analysis as `analysisId` too, which is what a single run's job answers.
 */
export const analysisBatchJob = defineJob({
  kind: "analysis.batch",
  input: z.object({ analysisIds: z.array(z.string().min(1)).min(1).max(1000) }),
  timeoutMs: ANALYSIS_TIME_LIMIT_MS,
  run: async ({ analysisIds }, { signal }) => {
    const done = await performAnalyses(analysisIds, signal);
    return { result: { analysisId: done.analysisIds[0], analysisIds: done.analysisIds } };
  },
});
