import type { Transaction } from "kysely";
import type { DB } from "../generated/kysely/database";
import type { WordChange } from "../text/word-change";
import { dayIn } from "./calendar";
import { PASTE_WORDS } from "./rule";

/** What one accepted change adds to the writer's day. */
export interface LedgerEntry {
  written: number;
  removed: number;
  imported: number;
  restored: number;
}

/** How a change of a chapter's text counts: typed, pasted, or brought back by a restore. */
export function ledgerEntry(change: WordChange, source: "save" | "restore" | "import"): LedgerEntry {
  const entry = { written: 0, removed: change.removed, imported: 0, restored: 0 };
  if (source === "restore") entry.restored = change.added;
  else if (source === "import" || change.added > PASTE_WORDS) entry.imported = change.added;
  else entry.written = change.added;
  return entry;
}

/**
 * Adds an accepted change to the writer's day for the book, inside the transaction that made the
 * change, after the book's totals: a refused save never gets here, and the day's row ends with the
 * book's count as that change left it. One row per writer, book and day of the writer's zone, so
 * every device adds to the same total.
 */
export async function addToLedger(trx: Transaction<DB>, change: { userId: string; bookId: string; at: Date } & LedgerEntry): Promise<void> {
  const { userId, bookId, at, written, removed, imported, restored } = change;
  if (written === 0 && removed === 0 && imported === 0 && restored === 0) return;
  const timeZone = await writerZone(trx, userId);
  if (!timeZone) return;
  const bookWords = trx.selectFrom("Book").select("wordCount").where("id", "=", bookId);
  await trx
    .insertInto("WritingDay")
    .values({ userId, bookId, day: dayIn(timeZone, at), written, removed, imported, restored, wordCount: bookWords, updatedAt: at })
    .onConflict((conflict) =>
      conflict.columns(["userId", "day", "bookId"]).doUpdateSet((eb) => ({
        written: eb("WritingDay.written", "+", written),
        removed: eb("WritingDay.removed", "+", removed),
        imported: eb("WritingDay.imported", "+", imported),
        restored: eb("WritingDay.restored", "+", restored),
        wordCount: eb.ref("excluded.wordCount"),
        updatedAt: at,
      })),
    )
    .execute();
}

/**
 * Writers' zones, kept a minute: reading the zone was half of what the ledger added to a save
 * (bench/ledger.mjs). The instance that changes a zone forgets it at once; another instance may
 * count a save of that minute in the old zone's day. On globalThis: Next bundles this module more
 * than once (each route), and the settings route must reach the save route's copy.
 */
const ZONE_KEPT_MS = 60_000;
const ZONES_KEPT = 10_000;
const globalForZones = globalThis as { inkstoneWriterZones?: Map<string, { zone: string; until: number }> };
const zones = (globalForZones.inkstoneWriterZones ??= new Map());

async function writerZone(trx: Transaction<DB>, userId: string): Promise<string | null> {
  const kept = zones.get(userId);
  const now = performance.now();
  if (kept && kept.until > now) return kept.zone;
  const writer = await trx.selectFrom("User").select("timeZone").where("id", "=", userId).executeTakeFirst();
  if (!writer) return null;
  if (zones.size >= ZONES_KEPT) zones.clear();
  zones.set(userId, { zone: writer.timeZone, until: now + ZONE_KEPT_MS });
  return writer.timeZone;
}

/** After a writer's zone changed: their next save reads it again. */
export function forgetWriterZone(userId: string): void {
  zones.delete(userId);
}
