import { describeProblem, type Problem } from "@/app/_components/problem";

/**
 * A bible call's problem in the writer's words. For a name another entry holds and for a limit, the
 * server's own sentence says more than the code's (which entry has the name, which limit), so it
 * is the one shown.
 */
export function bibleProblem(error: unknown, fieldPrefix = ""): Problem | null {
  const problem = describeProblem(error, fieldPrefix);
  if (problem && (problem.code === "name_taken" || problem.code === "bible_limit") && error instanceof Error && error.message) {
    return { ...problem, message: error.message };
  }
  return problem;
}
