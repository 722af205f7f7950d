import { PrismaPg } from "@prisma/adapter-pg";
import type { SqlDriverAdapter, SqlDriverAdapterFactory, Transaction } from "@prisma/driver-adapter-utils";
import { PostgresDialect, type PostgresPool, type PostgresPoolClient } from "kysely";
import pg from "pg";
import { dbTime } from "./values";

/**
 * The process's PostgreSQL pool, shared by Prisma (through its driver adapter) and Kysely, so the
 * pool size (INKSTONE_DATABASE_POOL_SIZE) bounds both together.
 */
export function openPostgres(url: string, poolSize: number): { prisma: SqlDriverAdapterFactory; kysely: PostgresDialect; pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, types: { getTypeParser: typeParser } as pg.CustomTypesConfig });
  const factory = new PrismaPg(pool);
  const prisma: SqlDriverAdapterFactory = {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => releasingFailedCommits(await factory.connect()),
  };
  return { prisma, kysely: new PostgresDialect({ pool: utcDates(pool) }), pool };
}

function releasingFailedCommits(adapter: SqlDriverAdapter): SqlDriverAdapter {
  return {
    provider: adapter.provider,
    adapterName: adapter.adapterName,
    queryRaw: (query) => adapter.queryRaw(query),
    executeRaw: (query) => adapter.executeRaw(query),
    executeScript: (script) => adapter.executeScript(script),
    getConnectionInfo: adapter.getConnectionInfo?.bind(adapter),
    dispose: () => adapter.dispose(),
    startTransaction: async (isolationLevel) => releasedIfCommitFails(await adapter.startTransaction(isolationLevel)),
  };
}

/**
 * Prisma 6.19 ends a transaction by sending COMMIT, then calling the adapter's commit(), which
 * hands the connection back to the pool. When COMMIT itself fails — PostgreSQL refuses a
 * SERIALIZABLE transaction that lost a race there — commit() is never called and the connection
 * is gone from the pool for good: a few such races and every request waits. The transaction is
 * over either way, so a failed COMMIT hands the connection back here.
 */
function releasedIfCommitFails(transaction: Transaction): Transaction {
  return {
    provider: transaction.provider,
    adapterName: transaction.adapterName,
    options: transaction.options,
    queryRaw: (query) => transaction.queryRaw(query),
    async executeRaw(query) {
      try {
        return await transaction.executeRaw(query);
      } catch (error) {
        if (/^\s*COMMIT/i.test(query.sql)) await transaction.rollback();
        throw error;
      }
    },
    commit: () => transaction.commit(),
    rollback: () => transaction.rollback(),
  };
}

/**
 * Kysely's pool, writing a Date as UTC text: pg would send the server's local time, and a
 * `timestamp` column (no time zone) keeps whatever clock time it is given.
 */
function utcDates(pool: pg.Pool): PostgresPool {
  return {
    async connect() {
      const client = await pool.connect();
      const query = (sql: string, parameters: readonly unknown[]) =>
        client.query(sql, parameters.map((value) => (value instanceof Date ? dbTime(value) : value)));
      return { query, release: () => client.release() } as unknown as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
}

const TIMESTAMP = 1114;

// Prisma keeps times as UTC in `timestamp` columns (no time zone); pg would read them as the
// server's local time. Prisma's adapter brings its own parsers; Kysely's reads go through these.
function typeParser(oid: number, format?: string) {
  if (oid === TIMESTAMP) return (text: string) => new Date(`${text.replace(" ", "T")}Z`);
  return pg.types.getTypeParser(oid, format as "text");
}

// Serialization failures and deadlocks: the transaction changed nothing and may simply run again.
const RETRYABLE = new Set(["40001", "40P01", "P2034"]);

/** Whether an error from pg, Kysely or Prisma says the transaction lost a race and can be retried. */
export function isSerializationFailure(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code ?? (error as { cause?: { originalCode?: unknown } })?.cause?.originalCode;
  return typeof code === "string" && RETRYABLE.has(code);
}
