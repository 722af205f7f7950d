// Entry of the thread that copies SQLite's write-ahead log back into the database file, bundled by
// scripts/build-worker.mjs into .build/wal-checkpoint.mjs (server/sql/wal-checkpointer.ts starts it).
// A checkpoint reads and syncs as much as was written since the last one: after a 20 MB replace, a
// hundred milliseconds and more that SQLite's automatic checkpoint spent at the commit, on the
// thread that answers everyone. Here it runs on a connection of its own, without holding a writer or
// a reader (PASSIVE), so it never makes a request wait.
import BetterSqlite3 from "better-sqlite3";
import { parentPort, workerData } from "node:worker_threads";

const { file, everyMs } = workerData as { file: string; everyMs: number };
const database = new BetterSqlite3(file, { fileMustExist: true, timeout: 0 });
// The database file is synced after each checkpoint, as the server's own commits are.
database.pragma("synchronous = FULL");

function checkpoint(): void {
  try {
    database.pragma("wal_checkpoint(PASSIVE)");
  } catch {
    // Busy (another process checkpoints, or recovers the log): the next one checkpoints.
  }
}

// Every second, and at once when told that a long transaction committed.
setInterval(checkpoint, everyMs);
parentPort!.on("message", checkpoint);
