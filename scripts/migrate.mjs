#!/usr/bin/env node
// @ts-check
// `npm run db:migrate`: applies pending migrations to the DATABASE_URL's database, with the Prisma
// config of its engine (each has its own history: prisma/migrations, prisma/migrations-postgres).
// For SQLite it first makes the database file's folder (a missing one makes Prisma fail with an
// unhelpful "External error id#0"); folders made here are for the server's user only, and the
// server narrows the data folder and the database file when it connects (server/sql/sqlite.ts).
// `npm start`, Playwright's web server and the tests migrate through this file.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { isPostgresUrl, readEnv } from "../server/env-schema.mjs";
import { sqliteFile } from "../server/sql/sqlite-file.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * The `prisma` arguments that migrate the database at `databaseUrl`.
 * @param {string} databaseUrl
 */
function migrateArgs(databaseUrl) {
  return ["migrate", "deploy", ...(isPostgresUrl(databaseUrl) ? ["--config", "prisma.postgres.config.ts"] : [])];
}

/**
 * Migrates the database the environment names; the Prisma CLI's output goes to `stdio`.
 * @param {NodeJS.ProcessEnv} [environment]
 * @param {"inherit" | "pipe"} [stdio]
 */
export function migrate(environment = process.env, stdio = "inherit") {
  const env = readEnv(environment);
  if (!isPostgresUrl(env.DATABASE_URL)) {
    mkdirSync(path.dirname(sqliteFile(env.DATABASE_URL)), { recursive: true, mode: 0o700 });
  }
  const result = spawnSync(path.join(root, "node_modules", ".bin", "prisma"), migrateArgs(env.DATABASE_URL), {
    cwd: root,
    env: environment,
    stdio,
    encoding: "utf8",
  });
  if (result.status !== 0) {
    const output = stdio === "pipe" ? `\n${result.stdout}${result.stderr}` : "";
    throw new Error(`Migrating ${isPostgresUrl(env.DATABASE_URL) ? "PostgreSQL" : "SQLite"} failed (${result.status ?? result.signal})${output}`);
  }
  if (!isPostgresUrl(env.DATABASE_URL)) setIncrementalAutoVacuum(sqliteFile(env.DATABASE_URL), stdio);
}

/**
 * Puts a SQLite database in incremental auto-vacuum mode, once (decision 0482): the server then
 * gives the pages of thinned revisions back to the file system (`releaseFreePages` in
 * server/db.ts), where SQLite would otherwise keep them for reuse and the file never shrinks.
 * The mode takes effect only through a VACUUM, which rewrites the file: instant on a new
 * database, seconds on a large one, once. A database another process holds open is left as it
 * is (a warning), and the next start tries again.
 * @param {string} file
 * @param {"inherit" | "pipe"} stdio
 */
export function setIncrementalAutoVacuum(file, stdio = "inherit") {
  const require = createRequire(import.meta.url);
  /** @type {typeof import("better-sqlite3")} */
  const Database = require("better-sqlite3");
  const database = new Database(file, { timeout: 5_000 });
  try {
    if (database.pragma("auto_vacuum", { simple: true }) === 2) return;
    if (stdio === "inherit") console.error("Setting the database to give freed space back to the file system (once; a large database takes a few seconds)…");
    database.pragma("auto_vacuum = INCREMENTAL");
    database.exec("VACUUM");
  } catch (error) {
    console.error(`Warning: could not set incremental auto-vacuum on ${file} (${error instanceof Error ? error.message : error}); the next start tries again.`);
  } finally {
    database.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    process.loadEnvFile();
  } catch {}
  try {
    migrate();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
