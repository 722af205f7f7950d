import { PostgresDialect, type PostgresPool, type PostgresPoolClient } from "kysely";
import pg from "pg";
import type { PoolStats } from "./pool-stats";
import { dbTime } from "./values";
import { logFailure } from "../machine-trouble";

/** The process's PostgreSQL pool (INKSTONE_DATABASE_POOL_SIZE connections) for Kysely, and how it stands. */
export function openPostgres(url: string, poolSize: number): { dialect: PostgresDialect; stats: () => PoolStats } {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, types: { getTypeParser: typeParser } as pg.CustomTypesConfig });
  // An idle connection the server drops (a restart, an outage) is reported here; unheard, the
  // pool's "error" event ended as an uncaught exception, a stack per connection. The pool replaces
  // the connection by itself; the outage is logged once (server/machine-trouble.ts).
  pool.on("error", (error) => logFailure(error, "an idle database connection failed"));
  // The same for a connection in use between two queries (held by a transaction or a worker's
  // loop): the pool listens only while it is idle. The pool drops it when it comes back.
  pool.on("connect", (client) => client.on("error", (error) => logFailure(error, "a database connection failed")));
  const stats = (): PoolStats => ({ max: poolSize, open: pool.totalCount, inUse: pool.totalCount - pool.idleCount, waiting: pool.waitingCount });
  return { dialect: new PostgresDialect({ pool: utcDates(pool) }), stats };
}

/**
 * Kysely's pool, writing a Date as UTC text: pg would send the server's local time, and a
 * `timestamp` column (no time zone) keeps whatever clock time it is given.
 */
function utcDates(pool: pg.Pool): PostgresPool {
  // One wrapper per pooled connection, so Kysely keeps one connection object for it too.
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient) => {
    const query = (sql: string, parameters: readonly unknown[]) =>
      client.query(sql, parameters.map((value) => (value instanceof Date ? dbTime(value) : value)));
    return { query, release: () => client.release() } as unknown as PostgresPoolClient;
  };
  return {
    async connect() {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) wrappers.set(client, (wrapper = wrap(client)));
      return wrapper;
    },
    end: () => pool.end(),
  };
}

const TIMESTAMP = 1114;

// Times are kept as UTC in `timestamp` columns (no time zone), as Prisma's migrations made them;
// pg would read them as the server's local time.
function typeParser(oid: number, format?: string) {
  if (oid === TIMESTAMP) return (text: string) => new Date(`${text.replace(" ", "T")}Z`);
  return pg.types.getTypeParser(oid, format as "text");
}

// Serialization failures and deadlocks: the transaction changed nothing and may simply run again.
const RETRYABLE = new Set(["40001", "40P01"]);

/** Whether an error from pg says the transaction lost a race and can be retried. */
export function isSerializationFailure(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return typeof code === "string" && RETRYABLE.has(code);
}
