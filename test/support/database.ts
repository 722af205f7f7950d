import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import pg from "pg";
import type { DB } from "@/server/generated/kysely/database";
import { openDatabase } from "@/server/sql/open";
import { migrate } from "../../scripts/migrate.mjs";

/**
 * The PostgreSQL server the suites run against instead of SQLite, when set (npm run
 * test:postgres sets it): a URL without a database name, e.g. postgresql://postgres@127.0.0.1:55432.
 */
export const POSTGRES = process.env.INKSTONE_TEST_POSTGRES;

/** A URL of a database on the test PostgreSQL server. */
export function postgresUrl(database: string): string {
  return `${POSTGRES!.replace(/\/+$/, "")}/${database}`;
}

/** Runs one statement on the test PostgreSQL server (CREATE DATABASE cannot run in a transaction). */
export async function onPostgres(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresUrl("postgres") });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A new, empty, fully migrated database and a temporary data folder: a SQLite file in that folder,
 * or a fresh database on the test PostgreSQL server.
 */
export async function migratedDatabase(label: string): Promise<{ dir: string; url: string }> {
  const dir = mkdtempSync(path.join(tmpdir(), `inkstone-${label}-`));
  if (!POSTGRES) {
    const url = `file:${path.join(dir, "inkstone.db")}`;
    migrate({ ...process.env, DATABASE_URL: url }, "pipe");
    return { dir, url };
  }
  const database = `inkstone_${label.replace(/\W/g, "_")}_${randomBytes(6).toString("hex")}`;
  await onPostgres(`CREATE DATABASE "${database}"`);
  const url = postgresUrl(database);
  migrate({ ...process.env, DATABASE_URL: url }, "pipe");
  return { dir, url };
}

/** Kysely on a test server's database, whichever the engine, for looking behind the API; `destroy()` it after. */
export function kyselyFor(url: string, dataDir: string): Kysely<DB> {
  return openDatabase(url, dataDir, 2).sql;
}
