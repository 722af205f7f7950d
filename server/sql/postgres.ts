import { PostgresDialect, type PostgresPool, type PostgresPoolClient } from "kysely";
import type pg from "pg";
import type { PoolStats } from "./pool-stats";
import { dbTime } from "./values";
import { lazy } from "../lazy";
import { logFailure } from "../machine-trouble";

// Loaded when the first connection is made: a server on SQLite, and every test file that runs
// there, never needs it (decision 0518).
const postgres = lazy(async () => (await import("pg")).default);

/** The process's PostgreSQL pool (INKSTONE_DATABASE_POOL_SIZE connections) for Kysely, and how it stands. */
export function openPostgres(url: string, poolSize: number): { dialect: PostgresDialect; stats: () => PoolStats } {
  let pool: pg.Pool | undefined;
  const connect = async () => {
    const { Pool, types } = await postgres();
    pool = new Pool({ connectionString: url, max: poolSize, types: { getTypeParser: typeParser(types) } as pg.CustomTypesConfig });
    // An idle connection the server drops (a restart, an outage) is reported here; unheard, the
    // pool's "error" event ended as an uncaught exception, a stack per connection. The pool replaces
    // the connection by itself; the outage is logged once (server/machine-trouble.ts).
    pool.on("error", (error) => logFailure(error, "an idle database connection failed"));
    // The same for a connection in use between two queries (held by a transaction or a worker's
    // loop): the pool listens only while it is idle. The pool drops it when it comes back.
    pool.on("connect", (client) => client.on("error", (error) => logFailure(error, "a database connection failed")));
    return utcDates(pool);
  };
  // Kysely makes the pool on its first query; until then none is open.
  const stats = (): PoolStats => ({ max: poolSize, open: pool?.totalCount ?? 0, inUse: pool ? pool.totalCount - pool.idleCount : 0, waiting: pool?.waitingCount ?? 0 });
  return { dialect: new PostgresDialect({ pool: connect }), stats };
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
function typeParser(types: typeof pg.types) {
  return (oid: number, format?: string) => {
    if (oid === TIMESTAMP) return (text: string) => new Date(`${text.replace(" ", "T")}Z`);
    return types.getTypeParser(oid, format as "text");
  };
}

// Serialization failures and deadlocks: the transaction changed nothing and may simply run again.
const RETRYABLE = new Set(["40001", "40P01"]);

/** Whether an error from pg says the transaction lost a race and can be retried. */
export function isSerializationFailure(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return typeof code === "string" && RETRYABLE.has(code);
}
