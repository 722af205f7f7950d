import { Kysely } from "kysely";
import type { DB } from "../generated/kysely/database";
import { openPostgres } from "./postgres";
import { openSqlite } from "./sqlite";

export interface Database {
  engine: "sqlite" | "postgresql";
  sql: Kysely<DB>;
}

/** The engine is the URL's: a `file:` is SQLite, `postgresql://` PostgreSQL. */
export function openDatabase(url: string, dataDir: string, poolSize: number): Database {
  if (url.startsWith("file:")) return { engine: "sqlite", sql: new Kysely<DB>({ dialect: openSqlite(url, dataDir) }) };
  return { engine: "postgresql", sql: new Kysely<DB>({ dialect: openPostgres(url, poolSize) }) };
}
