import { z } from "zod";
import { AppError, fieldProblems } from "../../errors";
import { analyzeBookWithTemplates } from "./analyze";
import type { AnalysisReport } from "./report";
import type { AnalysisTask } from "./task";

/**
 * Runs an analysis task on the current thread: called inside a worker only (server/workers). A
 * definition or parameters that do not validate cross back as validation_failed, with the path of
 * each problem, rather than as an error the pool could only call internal.
 */
export async function performAnalysisTask(task: AnalysisTask): Promise<AnalysisReport[]> {
  try {
    return await analyzeBookWithTemplates(task.definitions, task.book, task.parameters);
  } catch (error) {
    if (error instanceof z.ZodError) throw new AppError("validation_failed", "The template or the run's parameters are not valid.", fieldProblems(error.issues));
    throw error;
  }
}
