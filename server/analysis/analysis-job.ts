import { z } from "zod";
import { defineJob } from "../jobs/define-job";
import { performAnalysis } from "./perform-analysis";

/** Runs a queued analysis; the analysis row carries everything else (book, definition, parameters). */
export const analysisJob = defineJob({
  kind: "analysis.run",
  input: z.object({ analysisId: z.string().min(1) }),
  // Every built-in template runs on a 100,000-word book in well under a second; a minute is a hang.
  timeoutMs: 60_000,
  run: async ({ analysisId }, { signal }) => ({ result: await performAnalysis(analysisId, signal) }),
});
