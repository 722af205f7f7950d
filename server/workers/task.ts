/**
 * What the pool sends a worker: a task that a domain declares beside its engine (with `type`: an
 * interface has no index signature), told apart by its `op`. The pool knows no domain's tasks; the
 * worker's entry (server/compose/worker.ts) lists them all and says how each op is performed.
 */
export interface WorkerTask {
  op: string;
  [field: string]: unknown;
}

/** How a worker performs each op of the tasks `T`: one function an op, given only that op's tasks. */
export type TaskPerformers<T extends WorkerTask> = { [Op in T["op"]]: (task: Extract<T, { op: Op }>) => unknown };

/** Errors cross the thread boundary as plain data; the pool turns them back into AppErrors. */
export type WorkerReply = { ok: true; value: unknown } | { ok: false; error: { code?: string; message: string; details?: unknown } };
