// Entry of every worker thread, bundled by scripts/build-worker.mjs into a file that piscina loads
// (Next's server bundle cannot be a worker's entry). Here, and nowhere in server/workers, the
// domains' tasks are listed: the pool and the thread's loop (serveTasks) know none of them.
import type { AnalysisTask } from "../analysis/engine/task";
import type { CompareTask } from "../analysis/engine/compare/task";
import type { BibleTask } from "../bible/engine/task";
import type { ConvertTask } from "../convert/engine/task";
import { markInsideWorker } from "../convert/engine/where";
import type { PictureTask } from "../pictures/picture-task";
import { performParseTask, type ParseTask } from "../request/parse-task";
import type { SearchTask } from "../search/engine/task";
import type { SnapshotTask } from "../snapshots/engine/text-diff";
import type { LibrarySearchTask } from "../search/library-task";
import type { TextTask } from "../text/count-task";
import { serveTasks } from "../workers/worker";

markInsideWorker();

type Task = ConvertTask | AnalysisTask | CompareTask | ParseTask | TextTask | SearchTask | LibrarySearchTask | BibleTask | PictureTask | SnapshotTask;

// Each domain's engine loads on its first task (scripts/build-worker.mjs makes it a chunk of its
// own): the document readers and writers took a second to load, which every analysis paid.
const convert = async (task: ConvertTask) => (await import("../convert/engine/perform-task")).performConvertTask(task);
const text = async (task: TextTask) => (await import("../text/count-task")).performTextTask(task);
const search = async (task: SearchTask) => (await import("../search/engine/task")).performSearchTask(task);
const bible = async (task: BibleTask) => (await import("../bible/engine/task")).performBibleTask(task);

export default serveTasks<Task>({
  read: convert,
  write: convert,
  convert,
  analyze: async (task) => (await import("../analysis/engine/perform-task")).performAnalysisTask(task),
  compare: async (task) => (await import("../analysis/engine/compare/task")).performCompareTask(task),
  "parse-json": performParseTask,
  "decode-utf8": performParseTask,
  "count-prose": text,
  "word-change": text,
  "search-book": search,
  "search-plan": search,
  "search-apply": search,
  "search-each": search,
  "search-library": async (task) => (await import("../search/library-task")).performLibrarySearchTask(task),
  "bible-scan": bible,
  "bible-near-names": bible,
  "bible-propose": bible,
  "snapshot-diff": async (task) => (await import("../snapshots/engine/text-diff")).performSnapshotTask(task),
  "picture-read": async (task) => (await import("../pictures/picture-task")).performPictureTask(task),
});
