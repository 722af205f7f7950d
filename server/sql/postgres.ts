import { PrismaPg } from "@prisma/adapter-pg";
import { PostgresDialect } from "kysely";
import pg from "pg";

/**
 * The process's PostgreSQL pool, shared by Prisma (through its driver adapter) and Kysely, so the
 * pool size (INKSTONE_DATABASE_POOL_SIZE) bounds both together.
 */
export function openPostgres(url: string, poolSize: number): { prisma: PrismaPg; kysely: PostgresDialect; pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, types: { getTypeParser: typeParser } as pg.CustomTypesConfig });
  return { prisma: new PrismaPg(pool), kysely: new PostgresDialect({ pool }), pool };
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
