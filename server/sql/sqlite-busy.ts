// Another process on the same file (a rolling restart runs two) may hold the write lock for a
// moment. SQLite's own busy handler waits by sleeping the thread, which would stall every request
// of this process, so it waits only briefly and the rest of the wait happens here, asynchronously.
export const BUSY_TIMEOUT_MS = 25;
const GIVE_UP_AFTER_MS = 10_000;

/** Runs `attempt` again while the database is busy, for up to ten seconds. */
export async function retryWhileBusy<T>(attempt: () => T | Promise<T>): Promise<T> {
  const deadline = Date.now() + GIVE_UP_AFTER_MS;
  for (let pause = 2; ; pause = Math.min(pause * 2, 100)) {
    try {
      return await attempt();
    } catch (error) {
      if (!isBusy(error) || Date.now() + pause > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}

/** better-sqlite3's SqliteError for a database another connection holds. */
function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return typeof code === "string" && code.startsWith("SQLITE_BUSY");
}
