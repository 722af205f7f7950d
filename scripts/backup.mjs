#!/usr/bin/env node
// @ts-check
// `npm run backup -- <folder> [--with-job-files]`: a consistent copy of the database the settings
// name (DATABASE_URL, INKSTONE_DATA_DIR, .env as `npm start` reads them) while writers write, with
// what a restore needs, into a new folder only the server's user can read (decision 0480).
// SQLite: VACUUM INTO, which reads one snapshot and never blocks a writer (sqlite3's ".backup"
// restarts whenever a write lands and never finished under ~32 saves/s). PostgreSQL: pg_dump in a
// snapshot exported from the transaction that counted the rows.
import { spawnSync } from "node:child_process";
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { isPostgresUrl, readEnv } from "../server/env-schema.mjs";
import { FORMAT, JOB_FILES, MANIFEST, POSTGRES_DUMP, SECRETS, SQLITE_COPY, fileHash, filesUnder, postgresContents, sqliteContents } from "./backup-folder.mjs";
import { sqliteFile } from "../server/sql/sqlite-file.mjs";
import { libpqEnvironment } from "./postgres-url.mjs";

const USAGE = "usage: npm run backup -- <new folder> [--with-job-files]";

/**
 * @param {string} folder
 * @param {{ withJobFiles: boolean, environment?: NodeJS.ProcessEnv }} options
 * @returns {Promise<import("./backup-folder.mjs").Manifest>}
 */
export async function backup(folder, { withJobFiles, environment = process.env }) {
  const env = readEnv(environment);
  // Every file and folder made from here on is the server user's alone: the copy holds every word
  // and the password hashes, and a chmod after the fact would leave a moment when it is not.
  process.umask(0o077);
  const made = !existsSync(folder);
  if (!made && readdirSync(folder).length > 0) throw new Error(`${folder} is not empty: a backup goes into a new folder`);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  try {
    return await backUpInto(folder, env, withJobFiles);
  } catch (error) {
    // A half-made backup must not pass for one.
    for (const entry of readdirSync(folder)) rmSync(path.join(folder, entry), { recursive: true, force: true });
    if (made) rmSync(folder, { recursive: true, force: true });
    throw error;
  }
}

/**
 * @param {string} folder
 * @param {import("../server/env-schema.mjs").Env} env
 * @param {boolean} withJobFiles
 */
async function backUpInto(folder, env, withJobFiles) {
  const started = performance.now();
  const postgres = isPostgresUrl(env.DATABASE_URL);
  const contents = postgres ? await dumpPostgres(env.DATABASE_URL, path.join(folder, POSTGRES_DUMP)) : copySqlite(env.DATABASE_URL, path.join(folder, SQLITE_COPY));

  const secrets = path.join(env.INKSTONE_DATA_DIR, SECRETS);
  if (existsSync(secrets)) copyFileSync(secrets, path.join(folder, SECRETS));
  // On PostgreSQL the job files are rows, and in the dump already.
  const jobFiles = postgres ? null : path.join(path.dirname(sqliteFile(env.DATABASE_URL)), JOB_FILES);
  if (withJobFiles && jobFiles && existsSync(jobFiles)) cpSync(jobFiles, path.join(folder, JOB_FILES), { recursive: true });

  /** @type {Record<string, string>} */
  const files = {};
  for (const file of filesUnder(folder)) files[file] = /** @type {string} */ (await fileHash(path.join(folder, file)));
  /** @type {import("./backup-folder.mjs").Manifest} */
  const manifest = {
    format: FORMAT,
    createdAt: new Date().toISOString(),
    engine: postgres ? "postgresql" : "sqlite",
    ...contents,
    files,
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
  writeFileSync(path.join(folder, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** VACUUM INTO `target`, then the copy checked and counted. */
function copySqlite(/** @type {string} */ url, /** @type {string} */ target) {
  const source = new Database(sqliteFile(url), { readonly: true, fileMustExist: true });
  try {
    source.pragma("busy_timeout = 30000");
    source.prepare("VACUUM INTO ?").run(target);
  } finally {
    source.close();
  }
  const copy = new Database(target, { readonly: true });
  try {
    const integrity = copy.pragma("integrity_check", { simple: true });
    if (integrity !== "ok") throw new Error(`the copy failed SQLite's integrity check: ${integrity}`);
    return sqliteContents(copy);
  } finally {
    copy.close();
  }
}

/** pg_dump into `target`, in the snapshot the rows were counted in. */
async function dumpPostgres(/** @type {string} */ url, /** @type {string} */ target) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY");
    const snapshot = (await client.query("SELECT pg_export_snapshot() AS id")).rows[0].id;
    const contents = await postgresContents(client);
    // The connection's details go to pg_dump in its environment, where no other user's `ps` shows the password.
    const dumped = spawnSync("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", `--snapshot=${snapshot}`, `--file=${target}`], {
      env: { ...process.env, ...libpqEnvironment(url) },
      encoding: "utf8",
    });
    if (dumped.error) throw new Error(`pg_dump could not run (${dumped.error.message}): install PostgreSQL's client programs`);
    if (dumped.status !== 0) throw new Error(`pg_dump failed: ${dumped.stderr.trim()}`);
    await client.query("COMMIT");
    return contents;
  } finally {
    await client.end();
  }
}

if (import.meta.filename === path.resolve(process.argv[1] ?? "")) {
  const args = process.argv.slice(2);
  const folders = args.filter((arg) => !arg.startsWith("--"));
  const unknown = args.filter((arg) => arg.startsWith("--") && arg !== "--with-job-files");
  if (folders.length !== 1 || unknown.length > 0) {
    console.error(USAGE);
    process.exit(2);
  }
  try {
    process.loadEnvFile();
  } catch {}
  try {
    const manifest = await backup(folders[0] ?? "", { withJobFiles: args.includes("--with-job-files") });
    const rows = Object.values(manifest.rows).reduce((sum, n) => sum + n, 0);
    console.log(`Backed up ${manifest.engine} (${rows.toLocaleString("en")} rows, ${Object.keys(manifest.files).length} files) into ${folders[0]} in ${manifest.seconds} s.`);
    if (!manifest.files[SECRETS]) console.log(`No ${SECRETS} in the data folder: keep INKSTONE_JWT_SECRET and AUTH_SECRET with this backup.`);
  } catch (error) {
    console.error(`Backup failed: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}
