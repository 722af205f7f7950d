import { purgeExpiredChapters } from "./chapters/delete-chapter";
import { sweepExpiredJobs } from "./jobs/runner";

/** How often each instance sweeps; every sweep is a cheap indexed delete, safe to run anywhere at once. */
const SWEEP_MS = 60_000;

/**
 * Housekeeping that must happen even when nobody asks: expired jobs and their files, and chapters
 * that have waited in a trash longer than the retention period (deleting or listing trash also
 * purges, but a book nobody opens would otherwise keep them for ever).
 */
export function startMaintenance(): void {
  const globalForMaintenance = globalThis as { inkstoneMaintenance?: NodeJS.Timeout };
  globalForMaintenance.inkstoneMaintenance ??= setInterval(() => void sweep(), SWEEP_MS).unref();
}

async function sweep(): Promise<void> {
  const report = (what: string) => (error: unknown) => console.error(`sweeping ${what} failed`, error);
  await sweepExpiredJobs().catch(report("expired jobs"));
  await purgeExpiredChapters().catch(report("expired chapter trash"));
}
