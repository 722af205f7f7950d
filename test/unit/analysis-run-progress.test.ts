// @module-tag shared
import { describe, expect, it } from "vitest";
import { jobSettled, runProgress } from "@/app/(writer)/analyze/[bookId]/run-progress";
import { problemsIn } from "@/app/_components/problem";
import { MESSAGES } from "@/i18n/catalog";

const ERROR_SENTENCES = MESSAGES.en.errors.code;
const UNREACHABLE_SENTENCE = MESSAGES.en.errors.unreachable;
/** The form's words for a failure, in English as the page gives them (useProblems). */
const problems = problemsIn("en");

const following = { runPending: false, runError: null, jobId: "job-1", problems };
/** What a tRPC call that the server answered with an error code throws (server/trpc/init.ts). */
const answered = (code: string) => Object.assign(new Error(code), { data: { error: code } });

describe("the Analyze form following a slow run", () => {
  it("stays busy while the job is queued or running, and opens the result when it succeeds", () => {
    expect(runProgress({ ...following, job: undefined, jobError: null })).toMatchObject({ busy: true, message: undefined });
    expect(runProgress({ ...following, job: { status: "running", result: null, error: null }, jobError: null }).busy).toBe(true);
    expect(runProgress({ ...following, job: { status: "succeeded", result: { analysisId: "a-1" }, error: null }, jobError: null })).toMatchObject({
      busy: false,
      analysisId: "a-1",
    });
  });

  it("stops and says why when the job failed", () => {
    const failed = runProgress({ ...following, job: { status: "failed", result: null, error: { code: "job_abandoned", message: "It was given up." } }, jobError: null });
    expect(failed).toMatchObject({ busy: false, message: "It was given up." });
  });

  it("stops and shows the error's sentence when polling the job fails: expired (410), gone (404) or unreachable", () => {
    for (const [jobError, sentence] of [
      [answered("gone"), ERROR_SENTENCES.gone],
      [answered("not_found"), ERROR_SENTENCES.not_found],
      [new TypeError("Failed to fetch"), UNREACHABLE_SENTENCE],
    ] as const) {
      const progress = runProgress({ ...following, job: undefined, jobError });
      expect(progress).toMatchObject({ busy: false, message: sentence, analysisId: undefined });
      // A job last seen running but no longer readable is not followed any more either.
      expect(runProgress({ ...following, job: { status: "running", result: null, error: null }, jobError }).busy).toBe(false);
      expect(jobSettled(undefined, jobError)).toBe(true);
    }
    expect(jobSettled({ status: "running" }, null)).toBe(false);
  });

  it("shows the run request's own error with its fields, and is busy while the request is out", () => {
    expect(runProgress({ runPending: true, runError: null, jobId: null, job: undefined, jobError: null, problems }).busy).toBe(true);
    const refused = runProgress({ runPending: false, runError: answered("template_not_installed"), jobId: null, job: undefined, jobError: null, problems });
    expect(refused).toMatchObject({ busy: false, message: ERROR_SENTENCES.template_not_installed });
  });
});
