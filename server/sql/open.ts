import { Kysely } from "kysely";
import type { DB } from "../generated/kysely/database";
import { openPostgres } from "./postgres";
import type { PoolStats } from "./pool-stats";
import { openSqlite } from "./sqlite";

export interface Database {
  engine: "sqlite" | "postgresql";
  sql: Kysely<DB>;
  pool(): PoolStats;
  /**
   * What is wrong with the database that a query would not show, or null: SQLite's file removed or
   * replaced under the open connection, whose writes then go nowhere anyone will read (readiness).
   */
  fileProblem(): string | null;
}

/** The engine is the URL's: a `file:` is SQLite, `postgresql://` PostgreSQL. */
export function openDatabase(url: string, dataDir: string, poolSize: number): Database {
  if (url.startsWith("file:")) {
    const dialect = openSqlite(url, dataDir);
    return { engine: "sqlite", sql: new Kysely<DB>({ dialect }), pool: () => dialect.stats(), fileProblem: () => dialect.fileProblem() };
  }
  const { dialect, stats } = openPostgres(url, poolSize);
  return { engine: "postgresql", sql: new Kysely<DB>({ dialect }), pool: stats, fileProblem: () => null };
}
