import { setImmediate as nextTurn } from "node:timers/promises";
import { sql as raw } from "kysely";
import type { Kysely } from "kysely";
import { engine, sql } from "../db";
import type { DB } from "../generated/kysely/database";
import { MAX_SEARCH_CHARACTERS } from "./schemas";

/**
 * FTS5's trigram tokenizer indexes about 3 MB a second on this machine (a 4.8 MB chapter took two
 * seconds in one statement); a part of this many characters takes ten to twenty milliseconds, so
 * indexing a chapter never holds the thread or the database longer than that at a time.
 */
export const PART_CHARACTERS = 16 * 1024;
/** How long one transaction of parts may go on taking more (it holds the database meanwhile). */
const TRANSACTION_BUDGET_MS = 15;
/**
 * Each part runs on into the next by the longest search (one more than a hit needs, for a cut moved
 * off a surrogate pair), so every hit lies wholly inside one part.
 */
const OVERLAP = MAX_SEARCH_CHARACTERS;

/** Moves a cut back off the middle of a surrogate pair, which would become U+FFFD in the index. */
function cutAt(text: string, at: number): number {
  if (at >= text.length) return text.length;
  const unit = text.charCodeAt(at - 1);
  return unit >= 0xd800 && unit <= 0xdbff ? at - 1 : at;
}

/** A text in overlapping parts: the first starts at 0, each next PART_CHARACTERS on; an empty text is one empty part. */
export function partsOf(text: string): string[] {
  const parts: string[] = [];
  let start = 0;
  do {
    parts.push(text.slice(start, cutAt(text, start + PART_CHARACTERS + OVERLAP)));
    start = cutAt(text, start + PART_CHARACTERS);
  } while (start < text.length);
  return parts;
}

/**
 * A transaction on the index that does not wait for the disk. Each commit at synchronous=FULL
 * waits for an fsync on the thread that answers requests (a hundred milliseconds and more when
 * the disk is busy), and indexing a long chapter commits hundreds of times. The index can be
 * rebuilt from the outbox, whose row leaves only after it, in a commit that does wait (FULL): in
 * WAL mode that fsync makes every earlier commit durable too, so a crash loses index work only
 * while its outbox row still stands. The connection is held from the first pragma to the last,
 * so no other transaction ever runs at NORMAL.
 */
async function indexTransaction(work: (db: Kysely<DB>) => Promise<void>): Promise<void> {
  await sql.connection().execute(async (db) => {
    await raw`PRAGMA synchronous = NORMAL`.execute(db);
    try {
      await raw`BEGIN IMMEDIATE`.execute(db);
      try {
        await work(db);
        await raw`COMMIT`.execute(db);
      } catch (error) {
        await raw`ROLLBACK`.execute(db);
        throw error;
      }
    } finally {
      await raw`PRAGMA synchronous = FULL`.execute(db);
    }
  });
}

/** Parts taken out of the index in one statement: a chapter's 300 parts at once took half a second. */
const REMOVE_AT_ONCE = 16;

/** Takes out of the index the parts of a chapter cut from `version` (=) or from any other version (!=), a few at a time. */
async function removeParts(chapterId: string, which: "=" | "!=", version: number): Promise<void> {
  const { rows } = await raw<{ id: number }>`SELECT "id" FROM "ChapterSearchPart" WHERE "chapterId" = ${chapterId} AND "version" ${raw.raw(which)} ${version}`.execute(sql);
  for (let start = 0; start < rows.length; start += REMOVE_AT_ONCE) {
    if (start > 0) await nextTurn();
    const ids = rows.slice(start, start + REMOVE_AT_ONCE).map((row) => row.id);
    await indexTransaction(async (trx) => {
      await raw`DELETE FROM "ChapterSearch" WHERE "rowid" IN (${raw.join(ids)})`.execute(trx);
      await raw`DELETE FROM "ChapterSearchPart" WHERE "id" IN (${raw.join(ids)})`.execute(trx);
    });
  }
}

/**
 * The library search index of one chapter brought up to its stored text (SQLite; PostgreSQL's
 * pg_trgm indexes keep themselves). Called from the outbox (server/outbox/topics.ts), never inside
 * a write: the new version's parts go in one short transaction each, with a turn of the event loop
 * between them, and the old version's parts leave only once the new ones are all in, so a search
 * in between finds the chapter by one version or the other.
 */
export async function indexChapterForSearch(chapterId: string): Promise<void> {
  if (engine !== "sqlite") return;
  const chapter = await sql.selectFrom("Chapter").select(["title", "content", "version"]).where("id", "=", chapterId).executeTakeFirst();
  // Deleted for good: its trigger took its parts out.
  if (!chapter) return;
  // What a run of this version that stopped midway (a crash) left behind.
  await removeParts(chapterId, "=", chapter.version);
  const parts = partsOf(chapter.content);
  for (let index = 0; index < parts.length; ) {
    if (index > 0) await nextTurn();
    // As many parts as fit in a few milliseconds share a transaction: each commit waits for the disk.
    await indexTransaction(async (trx) => {
      const started = performance.now();
      do {
        const { rows } = await raw<{ id: number }>`INSERT INTO "ChapterSearchPart" ("chapterId", "version") VALUES (${chapterId}, ${chapter.version}) RETURNING "id"`.execute(trx);
        // The title is found through the first part only, so a chapter's title counts once.
        await raw`INSERT INTO "ChapterSearch" ("rowid", "title", "content") VALUES (${rows[0]!.id}, ${index === 0 ? chapter.title : ""}, ${parts[index]!})`.execute(trx);
        index++;
      } while (index < parts.length && performance.now() - started < TRANSACTION_BUDGET_MS);
    });
  }
  await removeParts(chapterId, "!=", chapter.version);
}
