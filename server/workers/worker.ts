import { AppError } from "../errors";
import type { TaskPerformers, WorkerReply, WorkerTask } from "./task";

/**
 * The function a worker thread runs for each task, made from the entry's table of performers: it
 * runs one task at a time and answers with its value or its error as data; deadlines and memory
 * caps are the pool's, enforced from outside.
 */
export function serveTasks<T extends WorkerTask>(performers: TaskPerformers<T>): (task: T) => Promise<WorkerReply> {
  // Each op's performer takes only tasks of that op, and it is looked up by the task's own op.
  const byOp = performers as unknown as Partial<Record<string, (task: T) => unknown>>;
  return async (task) => {
    try {
      const perform = byOp[task.op];
      if (!perform) throw new Error(`No performer for worker tasks of op "${task.op}": list it in server/compose/worker.ts.`);
      return { ok: true, value: await perform(task) };
    } catch (error) {
      if (error instanceof AppError) return { ok: false, error: { code: error.code, message: error.message, details: error.details } };
      return { ok: false, error: { message: error instanceof Error ? (error.stack ?? error.message) : String(error) } };
    }
  };
}
