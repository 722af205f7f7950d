// Entry of a conversion worker thread, bundled by scripts/build-convert-worker.mjs into a file Node
// loads at run time (Next's server bundle cannot be a worker's entry).
import { parentPort } from "node:worker_threads";
import { AppError } from "../../errors";
import { convertHere, readHere, writeHere } from "./run";
import type { Task, TaskResult, WorkerReply } from "./task";
import { markInsideWorker } from "./where";

markInsideWorker();

async function run(task: Task): Promise<TaskResult> {
  switch (task.op) {
    case "read":
      return readHere(task.bytes, task.format, task.options);
    case "write":
      return writeHere(task.model, task.format, task.options);
    case "convert":
      return convertHere(task.bytes, task.from, task.to, task.options);
  }
}

parentPort!.on("message", (task: Task) => {
  run(task).then(
    (value) => {
      const transfer = value && "bytes" in value ? [value.bytes.buffer as ArrayBuffer] : [];
      parentPort!.postMessage({ ok: true, value } satisfies WorkerReply, transfer);
    },
    (error: unknown) => {
      const reply: WorkerReply =
        error instanceof AppError
          ? { ok: false, error: { code: error.code, message: error.message, details: error.details } }
          : { ok: false, error: { message: error instanceof Error ? (error.stack ?? error.message) : String(error) } };
      parentPort!.postMessage(reply);
    },
  );
});
