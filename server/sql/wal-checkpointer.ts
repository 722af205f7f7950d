import { existsSync } from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { log } from "../log.mjs";

/** Where scripts/build-worker.mjs puts the bundled ./wal-checkpoint-thread.ts (relative to the app's root). */
const THREAD_FILE = path.join(/* turbopackIgnore: true */ process.cwd(), ".build", "wal-checkpoint.mjs");
/** A second's writing (a few megabytes at most from typing) is what the log holds between checkpoints. */
const CHECKPOINT_EVERY_MS = 1_000;

/**
 * Starts the thread that checkpoints the write-ahead log of `file` (./wal-checkpoint-thread.ts),
 * or returns null where it was not built (a test that builds no worker): SQLite's automatic
 * checkpoint then stays on. Should the thread ever stop, `lost` is called to turn it back on.
 */
export function startWalCheckpointer(file: string, lost: () => void): { checkpointNow(): void; stop(): void } | null {
  if (!existsSync(/* turbopackIgnore: true */ THREAD_FILE)) return null;
  let stopping = false;
  const thread = new Worker(/* turbopackIgnore: true */ THREAD_FILE, { workerData: { file, everyMs: CHECKPOINT_EVERY_MS } });
  // It never keeps the process alive: checkpoints left undone are SQLite's to finish on next open.
  thread.unref();
  thread.on("error", (error) => log.error({ err: error }, "the write-ahead log's checkpoint thread failed; SQLite checkpoints at commits again"));
  thread.on("exit", () => {
    if (!stopping) lost();
  });
  return {
    checkpointNow() {
      thread.postMessage("checkpoint");
    },
    stop() {
      stopping = true;
      void thread.terminate();
    },
  };
}
