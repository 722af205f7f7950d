import { Kysely, sql as rawSql, type Transaction } from "kysely";
import { env } from "./env";
import type { DB } from "./generated/kysely/database";
import { PrismaClient, type Prisma } from "./generated/prisma/client";
import { PrismaClient as PostgresPrismaClient } from "./generated/prisma-postgres/client";
import { isSerializationFailure, openPostgres } from "./sql/postgres";
import { openSqlite } from "./sql/sqlite";

interface Databases {
  engine: "sqlite" | "postgresql";
  db: PrismaClient;
  sql: Kysely<DB>;
}

/** The engine is the DATABASE_URL's: a `file:` is SQLite (the default), `postgresql://` PostgreSQL. */
function connect(): Databases {
  if (env.DATABASE_URL.startsWith("file:")) {
    const sqlite = openSqlite(env.DATABASE_URL, env.INKSTONE_DATA_DIR);
    return { engine: "sqlite", db: new PrismaClient({ adapter: sqlite.prisma }), sql: new Kysely<DB>({ dialect: sqlite.kysely }) };
  }
  const postgres = openPostgres(env.DATABASE_URL, env.INKSTONE_DATABASE_POOL_SIZE);
  // The two generated clients have the same models and methods; only the provider differs.
  const db = new PostgresPrismaClient({ adapter: postgres.prisma }) as unknown as PrismaClient;
  return { engine: "postgresql", db, sql: new Kysely<DB>({ dialect: postgres.kysely }) };
}

// One connection (SQLite) or pool (PostgreSQL) per process, also across dev-mode module reloads.
const globalForDb = globalThis as { inkstoneDatabases?: Databases };
const databases = (globalForDb.inkstoneDatabases ??= connect());

/** Prisma: the schema's client, for everything but the hot paths. */
export const db: PrismaClient = databases.db;
/** Kysely: typed SQL on the same connection or pool, for the paths every request or save takes. */
export const sql: Kysely<DB> = databases.sql;
export const engine = databases.engine;

/**
 * Every write transaction runs as if alone. SQLite gets that from its one connection and BEGIN
 * IMMEDIATE; on PostgreSQL, where transactions of several pools and instances run at once, it is
 * SERIALIZABLE, and a transaction that lost a race (it changed nothing) runs again.
 */
export function transaction<T>(work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  if (engine === "sqlite") return sql.transaction().execute(work);
  return retried(() => sql.transaction().setIsolationLevel("serializable").execute(work));
}

/** Prisma's client in a transaction, until the last use cases move to Kysely. */
export function prismaTransaction<T>(work: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
  if (engine === "sqlite") return db.$transaction(work);
  return retried(() => db.$transaction(work, { isolationLevel: "Serializable" }));
}

/**
 * A transaction on one book's chapters (Kysely). Every such transaction starts with `lockBook`,
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
 * log. (Best effort: a reader in another process can delay it to the next automatic checkpoint.)
 * PostgreSQL reclaims dead rows with (auto)vacuum, which is the operator's (docs/operations.md).
 */
export async function eraseDeletedText(): Promise<void> {
  if (engine === "sqlite") await rawSql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(sql);
}
