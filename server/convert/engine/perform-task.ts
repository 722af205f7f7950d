import { convertHere, readHere, writeHere } from "./run";
import type { ConvertResult, ConvertTask } from "./task";

/** Runs a conversion task on the current thread: called inside a worker only (server/workers). */
export async function performConvertTask(task: ConvertTask): Promise<ConvertResult> {
  switch (task.op) {
    case "read":
      return readHere(task.bytes, task.format, task.options);
    case "write":
      return writeHere(task.model, task.format, task.options);
    case "convert":
      return convertHere(task.bytes, task.from, task.to, task.options);
  }
}
