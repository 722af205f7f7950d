import { readdirSync, readFileSync } from "node:fs";

/**
 * The server's worker threads: threads take the name of the thread that started them, so the
 * main thread and the pool's workers share the process title; the runtime's own threads, started
 * before the title was set, are named "node".
 */
export function workerThreads(pid: number): number {
  const title = readFileSync(`/proc/${pid}/comm`, "utf8");
  const names = readdirSync(`/proc/${pid}/task`).map((task) => {
    try {
      return readFileSync(`/proc/${pid}/task/${task}/comm`, "utf8");
    } catch {
      return ""; // the thread ended between the listing and the read
    }
  });
  return names.filter((name) => name === title).length - 1;
}
