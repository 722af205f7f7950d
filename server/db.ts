import { Kysely, sql as rawSql } from "kysely";
import { env } from "./env";
import type { DB } from "./generated/kysely/database";
import { PrismaClient } from "./generated/prisma/client";
import { openSqlite } from "./sql/sqlite";

interface Databases {
  db: PrismaClient;
  sql: Kysely<DB>;
}

function connect(): Databases {
  // Only SQLite is wired so far; env.ts refuses any other DATABASE_URL scheme.
  const sqlite = openSqlite(env.DATABASE_URL, env.INKSTONE_DATA_DIR);
  return { db: new PrismaClient({ adapter: sqlite.prisma }), sql: new Kysely<DB>({ dialect: sqlite.kysely }) };
}

// One connection per process, also across Next's dev-mode module reloads.
const globalForDb = globalThis as { inkstoneDatabases?: Databases };
const databases = (globalForDb.inkstoneDatabases ??= connect());

/** Prisma: the schema's client, for everything but the hot paths. */
export const db: PrismaClient = databases.db;
/** Kysely: typed SQL on the same connection, for the paths every request or save takes. */
export const sql: Kysely<DB> = databases.sql;

/**
 * After a purge. SQLite keeps the old copies of changed pages in its write-ahead log until a
 * checkpoint, so text deleted for good would linger there: copy the pages back now and empty the
 * log. (Best effort: a reader in another process can delay it to the next automatic checkpoint.)
 */
export async function eraseDeletedText(): Promise<void> {
  await rawSql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(sql);
}
