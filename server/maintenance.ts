import { failOrphanedAnalyses } from "./analysis/fail-orphaned-analyses";
import { recountOutdatedBooks } from "./books/recount-words";
import { purgeExpiredChapters } from "./chapters/delete-chapter";
import { compressOldRevisions } from "./chapters/revision-text";
import { releaseFreePages } from "./db";
import { sweepExpiredJobs } from "./jobs/runner";
import { logFailure } from "./machine-trouble";
import { pruneWebhookDeliveries } from "./webhooks/deliver";

/** How often each instance sweeps; every sweep is a cheap indexed delete, safe to run anywhere at once. */
const SWEEP_MS = 60_000;

/**
 * Housekeeping that must happen even when nobody asks: expired jobs and their files, analyses whose
 * job ended without them (they would say "running" for ever), webhook deliveries older than their log keeps, and chapters
 * that have waited in a trash longer than the retention period (deleting or listing trash also
 * purges, but a book nobody opens would otherwise keep them for ever).
 */
export function startMaintenance(): void {
  const globalForMaintenance = globalThis as { inkstoneMaintenance?: NodeJS.Timeout };
  if (globalForMaintenance.inkstoneMaintenance) return;
  globalForMaintenance.inkstoneMaintenance = setInterval(() => void sweep(), SWEEP_MS).unref();
  // Once per start: books counted by an older counting rule are recounted, in the background.
  void recountOutdatedBooks().catch((error: unknown) => logFailure(error, "recounting words by the current rule failed"));
}

async function sweep(): Promise<void> {
  const report = (what: string) => (error: unknown) => logFailure(error, `sweeping ${what} failed`);
  await sweepExpiredJobs().catch(report("expired jobs"));
  // After the jobs sweep, so an analysis whose job just expired is failed in the same pass.
  await failOrphanedAnalyses().catch(report("orphaned analyses"));
  await purgeExpiredChapters().catch(report("expired chapter trash"));
  await pruneWebhookDeliveries().catch(report("old webhook deliveries"));
  // Revisions that outlived the window in which every save is kept, compressed (decision 0482).
  await compressOldRevisions().catch(report("revisions to compress"));
  // Last: saves thin old revisions as they go, and the sweeps above delete rows; the pages they
  // freed go back to the file system here, not on the save's own time.
  await releaseFreePages().catch(report("free database pages"));
}
