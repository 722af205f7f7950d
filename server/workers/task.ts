import type { AnalysisTask } from "../analysis/engine/task";
import type { CompareTask } from "../analysis/engine/compare/task";
import type { BibleTask } from "../bible/engine/task";
import type { ConvertTask } from "../convert/engine/task";
import type { PictureTask } from "../pictures/picture-task";
import type { ParseTask } from "../request/parse-task";
import type { SearchTask } from "../search/engine/task";
import type { LibrarySearchTask } from "../search/library-task";
import type { TextTask } from "../text/count-task";

/**
 * What the pool sends a worker, and what comes back. Each domain declares its own tasks (beside
 * its engine) and adds them to this union and to the dispatch in worker.ts.
 */
export type WorkerTask = ConvertTask | AnalysisTask | CompareTask | ParseTask | TextTask | SearchTask | LibrarySearchTask | BibleTask | PictureTask;

/** Errors cross the thread boundary as plain data; the pool turns them back into AppErrors. */
export type WorkerReply = { ok: true; value: unknown } | { ok: false; error: { code?: string; message: string; details?: unknown } };
