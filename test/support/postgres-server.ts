import type pg from "pg";
import { lazy } from "@/server/lazy";

/**
 * The PostgreSQL server the suites run against instead of SQLite, when set (npm run
 * test:postgres sets it): a URL without a database name, e.g. postgresql://postgres@127.0.0.1:55432.
 * Apart from test/support/database.ts so that a unit test file's set-up (fresh-database.ts) loads
 * neither pg nor the server's database modules: a file that needs none of them pays for none
 * (decision 0518).
 */
export const POSTGRES = process.env.INKSTONE_TEST_POSTGRES;

/** A URL of a database on the test PostgreSQL server. */
export function postgresUrl(database: string): string {
  return `${POSTGRES!.replace(/\/+$/, "")}/${database}`;
}

const postgres = lazy(async () => (await import("pg")).default);

/** A client of the test PostgreSQL server, connected; `end()` it after. */
export async function postgresClient(database: string): Promise<pg.Client> {
  const client = new (await postgres()).Client({ connectionString: postgresUrl(database) });
  await client.connect();
  return client;
}

/** Runs one statement on the test PostgreSQL server (CREATE DATABASE cannot run in a transaction). */
export async function onPostgres(statement: string): Promise<void> {
  const client = await postgresClient("postgres");
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
