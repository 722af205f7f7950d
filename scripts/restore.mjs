#!/usr/bin/env node
// @ts-check
// `npm run restore -- <backup folder>`: puts a backup (`npm run backup`) where the settings point
// (DATABASE_URL, INKSTONE_DATA_DIR), after checking it whole: every file against the manifest's
// SHA-256 first, then the database restored against the manifest's migrations and rows. It never
// writes over anything: the database must be new (no SQLite file; a PostgreSQL database without
// tables) and a secrets.json already there must be the backup's own (decision 0480).
import { spawnSync } from "node:child_process";
import { constants, copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { isPostgresUrl, readEnv } from "../server/env-schema.mjs";
import { FORMAT, JOB_FILES, MANIFEST, POSTGRES_DUMP, SECRETS, SQLITE_COPY, fileHash, filesUnder, firstDifference, postgresContents, sqliteContents } from "./backup-folder.mjs";
import { sqliteFile } from "../server/sql/sqlite-file.mjs";
import { libpqEnvironment } from "./postgres-url.mjs";

/**
 * @param {string} folder
 * @param {NodeJS.ProcessEnv} [environment]
 * @returns {Promise<import("./backup-folder.mjs").Manifest>}
 */
export async function restore(folder, environment = process.env) {
  const env = readEnv(environment);
  process.umask(0o077);
  const manifest = await checkedManifest(folder);
  const postgres = isPostgresUrl(env.DATABASE_URL);
  if ((manifest.engine === "postgresql") !== postgres) throw new Error(`the backup is of ${manifest.engine}; DATABASE_URL names ${postgres ? "PostgreSQL" : "SQLite"}`);

  const secrets = path.join(env.INKSTONE_DATA_DIR, SECRETS);
  const backedUpSecrets = manifest.files[SECRETS] ? path.join(folder, SECRETS) : null;
  if (backedUpSecrets && existsSync(secrets) && !readFileSync(secrets).equals(readFileSync(backedUpSecrets))) {
    throw new Error(`${secrets} is there and holds other secrets: move it away first (the backup's tokens and sessions need its own)`);
  }

  if (postgres) await restorePostgres(env.DATABASE_URL, path.join(folder, POSTGRES_DUMP), manifest);
  else restoreSqlite(env.DATABASE_URL, path.join(folder, SQLITE_COPY), manifest);

  if (backedUpSecrets && !existsSync(secrets)) {
    mkdirSync(env.INKSTONE_DATA_DIR, { recursive: true, mode: 0o700 });
    copyFileSync(backedUpSecrets, secrets, constants.COPYFILE_EXCL);
  }
  if (!postgres && Object.keys(manifest.files).some((file) => file.startsWith(`${JOB_FILES}/`))) {
    cpSync(path.join(folder, JOB_FILES), path.join(path.dirname(sqliteFile(env.DATABASE_URL)), JOB_FILES), { recursive: true, force: false });
  }
  return manifest;
}

/** The manifest, once every file it names is there with its hash and no other file is. */
async function checkedManifest(/** @type {string} */ folder) {
  /** @type {import("./backup-folder.mjs").Manifest} */
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(path.join(folder, MANIFEST), "utf8"));
  } catch (error) {
    throw new Error(`${path.join(folder, MANIFEST)} cannot be read (${error instanceof Error ? error.message : error}): is ${folder} a backup?`);
  }
  if (manifest.format !== FORMAT) throw new Error(`the backup's format is ${manifest.format}; this Inkstone reads ${FORMAT}`);
  const present = filesUnder(folder).filter((file) => file !== MANIFEST);
  const extra = present.find((file) => !(file in manifest.files));
  if (extra) throw new Error(`${extra} is in the backup folder but not in its manifest`);
  for (const [file, hash] of Object.entries(manifest.files)) {
    if (!present.includes(file)) throw new Error(`${file} is missing from the backup`);
    if ((await fileHash(path.join(folder, file))) !== hash) throw new Error(`${file} is damaged: it is not the file that was backed up`);
  }
  return manifest;
}

/** The copy, checked, into a new database file. */
function restoreSqlite(/** @type {string} */ url, /** @type {string} */ copy, /** @type {import("./backup-folder.mjs").Manifest} */ manifest) {
  const target = sqliteFile(url);
  for (const file of [target, `${target}-wal`]) if (existsSync(file)) throw new Error(`${file} is there: restore into a new database (move it away first)`);
  const partial = `${target}.restoring`;
  copyFileSync(copy, partial);
  try {
    const restored = new Database(partial);
    try {
      const integrity = restored.pragma("integrity_check", { simple: true });
      if (integrity !== "ok") throw new Error(`the restored database failed SQLite's integrity check: ${integrity}`);
      const difference = firstDifference(manifest, sqliteContents(restored));
      if (difference) throw new Error(`the restored database is not the backup's: ${difference}`);
      // The server reads in WAL mode (server/sql/sqlite.ts); the copy is a single file until then.
    } finally {
      restored.close();
    }
    renameSync(partial, target);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}

/** The dump, into an empty database, in one transaction, then checked. */
async function restorePostgres(/** @type {string} */ url, /** @type {string} */ dump, /** @type {import("./backup-folder.mjs").Manifest} */ manifest) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query("SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'");
    if (tables.rows[0].n > 0) throw new Error("the database DATABASE_URL names has tables: restore into a new, empty database");
    const restored = spawnSync("pg_restore", ["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", `--dbname=${libpqEnvironment(url).PGDATABASE}`, dump], {
      env: { ...process.env, ...libpqEnvironment(url) },
      encoding: "utf8",
    });
    if (restored.error) throw new Error(`pg_restore could not run (${restored.error.message}): install PostgreSQL's client programs`);
    if (restored.status !== 0) throw new Error(`pg_restore failed: ${restored.stderr.trim()}`);
    const difference = firstDifference(manifest, await postgresContents(client));
    if (difference) throw new Error(`the restored database is not the backup's: ${difference}`);
  } finally {
    await client.end();
  }
}

if (import.meta.filename === path.resolve(process.argv[1] ?? "")) {
  const folders = process.argv.slice(2);
  if (folders.length !== 1 || folders[0]?.startsWith("--")) {
    console.error("usage: npm run restore -- <backup folder>");
    process.exit(2);
  }
  try {
    process.loadEnvFile();
  } catch {}
  try {
    const manifest = await restore(folders[0] ?? "");
    const rows = Object.values(manifest.rows).reduce((sum, n) => sum + n, 0);
    console.log(`Restored the backup of ${manifest.createdAt} (${manifest.engine}, ${rows.toLocaleString("en")} rows), checked against its manifest.`);
  } catch (error) {
    console.error(`Restore failed, nothing was written over: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}
