import { setImmediate as nextTurn } from "node:timers/promises";
import { sql } from "../db";

/**
 * Chapter texts kept between searches, keyed by chapter id and checked against the version on
 * every read: reading a 3,000,000-character book from the database took 60–120 ms of a search's
 * 100 ms budget, and a writer searches the same book many times in a row. Only chapters saved
 * since are read again. Bounded (least recently used out first), and per process: another
 * instance's save changes the version, which every read compares.
 */
const MAX_CACHED_CHARACTERS = 16 * 1024 * 1024;

interface Cached {
  version: number;
  title: string;
  content: string;
}

const globalForSearch = globalThis as { inkstoneSearchTexts?: { entries: Map<string, Cached>; characters: number } };
const cache = (globalForSearch.inkstoneSearchTexts ??= { entries: new Map(), characters: 0 });

function remember(id: string, entry: Cached): void {
  forget(id);
  cache.entries.set(id, entry);
  cache.characters += entry.content.length;
  for (const [oldest, old] of cache.entries) {
    if (cache.characters <= MAX_CACHED_CHARACTERS) break;
    cache.entries.delete(oldest);
    cache.characters -= old.content.length;
  }
}

function forget(id: string): void {
  const entry = cache.entries.get(id);
  if (!entry) return;
  cache.entries.delete(id);
  cache.characters -= entry.content.length;
}

/** A book's chapters in order, with their text: what a book search, a preview, Compare and an analysis read. */
export async function bookChapters(bookId: string): Promise<{ id: string; title: string; position: number; version: number; content: string }[]> {
  const rows = await sql
    .selectFrom("Chapter")
    .select(["id", "position", "version"])
    .where("bookId", "=", bookId)
    .where("deletedAt", "is", null)
    .orderBy("position")
    .execute();
  const stale = rows.filter((row) => cache.entries.get(row.id)?.version !== row.version).map((row) => row.id);
  const fresh = new Map<string, Cached>();
  // In slices: SQLite takes at most 32,766 bound parameters in one statement. Each slice in its own
  // turn of the event loop: SQLite reads synchronously, and a whole web novel read at once held
  // every other request back.
  for (let start = 0; start < stale.length; start += 100) {
    if (start > 0) await nextTurn();
    const read = await sql.selectFrom("Chapter").select(["id", "version", "title", "content"]).where("id", "in", stale.slice(start, start + 500)).execute();
    for (const { id, ...entry } of read) fresh.set(id, entry);
  }
  return rows.flatMap((row) => {
    // The text and version read together: a save in between shows as the newer version, consistently.
    const entry = fresh.get(row.id) ?? cache.entries.get(row.id);
    if (!entry) return [];
    remember(row.id, entry);
    return [{ id: row.id, position: row.position, ...entry }];
  });
}
