import type { Transaction } from "kysely";
import type { DB } from "../generated/kysely/database";

/**
 * How long autosaves are kept. A writer saving every 3 s for a day would otherwise keep 28,800
 * copies of the chapter. Going back in time, the history keeps:
 *   - every save of the last 10 minutes,
 *   - then the last save of each minute, up to an hour,
 *   - then the last save of each 10 minutes, up to a day,
 *   - then the last save of each day.
 * Uploads, restores, replaces and their undos are never thinned, nor is the current version
 * (always the newest in its bucket), nor the autosave a book-wide replace changed: undoing the
 * replace brings that text back, and the history shows the chapter as it stood before it.
 * Nor is a revision a named snapshot holds: the snapshot's text is that revision (decision 0489).
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
export const KEEP_EVERY_SAVE_FOR = 10 * MINUTE;
const RETENTION: readonly { olderThan: number; bucket: number }[] = [
  { olderThan: DAY, bucket: DAY },
  { olderThan: HOUR, bucket: 10 * MINUTE },
  { olderThan: KEEP_EVERY_SAVE_FOR, bucket: MINUTE },
];

/** Thinning runs on every this-many-th version: it is cheap, but not free, and nothing is urgent. */
export const THIN_EVERY_VERSIONS = 20;

/** The autosaves the policy no longer keeps, given a chapter's autosaves older than ten minutes. */
export function revisionsToDrop(autosaves: readonly { id: string; version: number; createdAt: Date }[], now: Date): string[] {
  const newestByBucket = new Map<string, { id: string; version: number }>();
  const drop: string[] = [];
  for (const revision of autosaves) {
    const time = revision.createdAt.getTime();
    const rule = RETENTION.find((r) => now.getTime() - time >= r.olderThan);
    if (!rule) continue;
    const key = `${rule.bucket}:${Math.floor(time / rule.bucket)}`;
    // Within a bucket the highest version is the newest, whatever the clock said.
    const kept = newestByBucket.get(key);
    if (!kept || revision.version > kept.version) {
      if (kept) drop.push(kept.id);
      newestByBucket.set(key, revision);
    } else {
      drop.push(revision.id);
    }
  }
  return drop;
}

/** Applies the policy to one chapter, inside the transaction of the save that triggered it. */
export async function thinRevisions(trx: Transaction<DB>, chapterId: string, now: Date): Promise<void> {
  const autosaves = await trx
    .selectFrom("ChapterRevision")
    .select(["id", "version", "createdAt"])
    .where("chapterId", "=", chapterId)
    .where("kind", "=", "save")
    .where("createdAt", "<", new Date(now.getTime() - KEEP_EVERY_SAVE_FOR))
    .execute();
  const replaced = await trx.selectFrom("ChapterRevision").select("version").where("chapterId", "=", chapterId).where("kind", "=", "replace").execute();
  const beforeReplace = new Set(replaced.map((r) => r.version - 1));
  const held = await trx.selectFrom("SnapshotChapter").select("revisionId").where("chapterId", "=", chapterId).execute();
  const inSnapshots = new Set(held.map((h) => h.revisionId));
  // A held revision is left out before the buckets are drawn, so it neither goes nor stands in for another.
  const drop = revisionsToDrop(autosaves.filter((r) => !beforeReplace.has(r.version) && !inSnapshots.has(r.id)), now);
  // In slices: SQLite takes at most 32,766 bound parameters in one statement.
  for (let start = 0; start < drop.length; start += 500) {
    await trx.deleteFrom("ChapterRevision").where("id", "in", drop.slice(start, start + 500)).execute();
  }
}
