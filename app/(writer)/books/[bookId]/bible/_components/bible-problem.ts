import type { Problem } from "@/app/_components/problem";
import { useProblems } from "@/app/_components/use-problems";

/**
 * A bible call's problem in the writer's words. For a name another entry holds and for a limit, the
 * server's own sentence says more than the code's (which entry has the name, which limit), so it
 * is the one shown.
 */
export function useBibleProblem(): (error: unknown, fieldPrefix?: string) => Problem | null {
  const { describeProblem } = useProblems();
  return (error, fieldPrefix = "") => {
    const problem = describeProblem(error, fieldPrefix);
    if (problem && (problem.code === "name_taken" || problem.code === "bible_limit") && error instanceof Error && error.message) {
      return { ...problem, message: error.message };
    }
    return problem;
  };
}
