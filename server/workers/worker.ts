// Entry of every worker thread, bundled by scripts/build-worker.mjs into a file that piscina loads
// (Next's server bundle cannot be a worker's entry). It runs one task at a time and answers with
// its value or its error as data; deadlines and memory caps are the pool's, enforced from outside.
import { AppError } from "../errors";
import { markInsideWorker } from "../convert/engine/where";
import { performParseTask } from "../request/parse-task";
import type { WorkerReply, WorkerTask } from "./task";

markInsideWorker();

// Each domain's engine loads on its first task (scripts/build-worker.mjs makes it a chunk of its
// own): the document readers and writers took a second to load, which every analysis paid.
async function perform(task: WorkerTask): Promise<unknown> {
  switch (task.op) {
    case "read":
    case "write":
    case "convert":
      return (await import("../convert/engine/perform-task")).performConvertTask(task);
    case "analyze":
      return (await import("../analysis/engine/perform-task")).performAnalysisTask(task);
    case "compare":
      return (await import("../analysis/engine/compare/task")).performCompareTask(task);
    case "parse-json":
    case "decode-utf8":
      return performParseTask(task);
    case "count-prose":
    case "word-change":
      return (await import("../text/count-task")).performTextTask(task);
    case "search-book":
    case "search-plan":
    case "search-apply":
    case "search-each":
      return (await import("../search/engine/task")).performSearchTask(task);
    case "search-library":
      return (await import("../search/library-task")).performLibrarySearchTask(task);
    case "bible-scan":
    case "bible-near-names":
    case "bible-propose":
      return (await import("../bible/engine/task")).performBibleTask(task);
    case "picture-read":
      return (await import("../pictures/picture-task")).performPictureTask(task);
  }
}

export default async function run(task: WorkerTask): Promise<WorkerReply> {
  try {
    return { ok: true, value: await perform(task) };
  } catch (error) {
    if (error instanceof AppError) return { ok: false, error: { code: error.code, message: error.message, details: error.details } };
    return { ok: false, error: { message: error instanceof Error ? (error.stack ?? error.message) : String(error) } };
  }
}
