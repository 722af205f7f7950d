import { sql as rawSql, type Kysely, type Transaction } from "kysely";
import { env } from "./env";
import type { DB } from "./generated/kysely/database";
import { openDatabase, type Database } from "./sql/open";
import { isSerializationFailure } from "./sql/postgres";

// One connection (SQLite) or pool (PostgreSQL) per process, also across dev-mode module reloads.
const globalForDb = globalThis as { inkstoneDatabase?: Database };
const database = (globalForDb.inkstoneDatabase ??= openDatabase(env.DATABASE_URL, env.INKSTONE_DATA_DIR, env.INKSTONE_DATABASE_POOL_SIZE));

/**
 * Kysely: every query, typed against the schema (prisma/schema.prisma, whose types prisma-kysely
 * generates). Dates are Dates and booleans booleans on both engines (server/sql/).
 */
export const sql: Kysely<DB> = database.sql;
export const engine = database.engine;

/** How the process's connections stand, for the metrics. */
export const databasePool = () => database.pool();

/**
 * Null when the database answers a query, else what is wrong (readiness, /readyz): SQLite's file
 * gone from under the connection, a PostgreSQL that refuses or does not answer.
 */
export async function databaseProblem(): Promise<string | null> {
  const fileProblem = database.fileProblem();
  if (fileProblem) return fileProblem;
  await rawSql`SELECT 1`.execute(sql);
  return null;
}

/**
 * Every write transaction runs as if alone. SQLite gets that from its one connection and BEGIN
 * IMMEDIATE; on PostgreSQL, where transactions of several pools and instances run at once, it is
 * SERIALIZABLE, and a transaction that lost a race (it changed nothing) runs again.
 */
export function transaction<T>(work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  if (engine === "sqlite") return sql.transaction().execute(work);
  return retried(() => sql.transaction().setIsolationLevel("serializable").execute(work));
}

/**
 * A transaction on one book's chapters. Every such transaction starts with `lockBook`,
 * so on PostgreSQL they run one at a time per book, at READ COMMITTED: each statement then sees
 * what the one before committed. SERIALIZABLE would instead fail and retry most of them when
 * many writers work on one book at once.
 */
export function sqlTransaction<T>(work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  return sql.transaction().execute(work);
}

const ATTEMPTS = 8;

async function retried<T>(attempt: () => Promise<T>): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (error) {
      if (n >= ATTEMPTS || !isSerializationFailure(error)) throw error;
      // Jittered, so that the racers do not meet again at once.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * 2 ** n));
    }
  }
}

/**
 * After a purge. SQLite keeps the old copies of changed pages in its write-ahead log until a
 * checkpoint, so text deleted for good would linger there: copy the pages back now and empty the
 * log. (Best effort: a reader in another process can delay it to the next checkpoint.)
 * PostgreSQL reclaims dead rows with (auto)vacuum, which is the operator's (docs/operations.md).
 */
export async function eraseDeletedText(): Promise<void> {
  if (engine === "sqlite") await emptyTheLog();
}

/** Tries of a checkpoint that empties the log, and the pause between them. */
const EMPTY_LOG_TRIES = 20;
const EMPTY_LOG_PAUSE_MS = 50;

/**
 * Copies the write-ahead log into the database file and empties it. The log's own checkpoint
 * thread (decision 0526), or another process, may be checkpointing at that moment: SQLite then
 * answers busy, having emptied nothing, and it is asked again, for up to a second.
 */
async function emptyTheLog(): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const { rows } = await rawSql<{ busy: number }>`PRAGMA wal_checkpoint(TRUNCATE)`.execute(sql);
    if (!rows[0]?.busy || attempt === EMPTY_LOG_TRIES) return;
    await new Promise((resolve) => setTimeout(resolve, EMPTY_LOG_PAUSE_MS));
  }
}

/** 20 MB of 4 KB pages (about 0.1 s): the rest waits for the next sweep, so saves never wait long behind it. */
const MAX_PAGES_RELEASED_AT_ONCE = 5_000;

/**
 * Gives the pages deleted rows left free back to the file system, so that the database file
 * shrinks after revisions are thinned or compressed (decision 0482). SQLite needs the database in
 * incremental auto-vacuum mode, which scripts/migrate.mjs sets once; the checkpoint then moves the
 * truncation from the write-ahead log to the file. PostgreSQL's (auto)vacuum is the operator's.
 */
export async function releaseFreePages(): Promise<void> {
  if (engine !== "sqlite") return;
  const { rows } = await rawSql<{ freelist_count: number }>`PRAGMA freelist_count`.execute(sql);
  const free = Math.min(rows[0]?.freelist_count ?? 0, MAX_PAGES_RELEASED_AT_ONCE);
  if (free === 0) return;
  // better-sqlite3 runs a statement that returns no rows with a single step, and each step of
  // incremental_vacuum frees one page: so one statement per page, in one transaction (one sync).
  await sql.transaction().execute(async (trx) => {
    for (let page = 0; page < free; page++) await rawSql`PRAGMA incremental_vacuum(1)`.execute(trx);
  });
  await emptyTheLog();
}
