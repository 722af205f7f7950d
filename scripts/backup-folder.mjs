// @ts-check
// What `npm run backup` writes and `npm run restore` reads (decision 0480): one folder, for the
// server's user alone, holding the database (SQLite's file made by VACUUM INTO, or PostgreSQL's
// pg_dump), secrets.json, the job files when asked, and manifest.json, which names every file with
// its SHA-256 and the rows of every table as they were in the copy.
import { createHash } from "node:crypto";
import { createReadStream, readdirSync, statSync } from "node:fs";
import path from "node:path";

export const MANIFEST = "manifest.json";
export const SQLITE_COPY = "inkstone.db";
export const POSTGRES_DUMP = "inkstone.dump";
export const SECRETS = "secrets.json";
export const JOB_FILES = "job-files";
export const FORMAT = 1;

/**
 * @typedef {{
 *   format: number,
 *   createdAt: string,
 *   engine: "sqlite" | "postgresql",
 *   migrations: string[],
 *   rows: Record<string, number>,
 *   files: Record<string, string>,
 *   seconds: number,
 * }} Manifest
 */

/** SHA-256 of a file, read as a stream (a database can be large). */
export function fileHash(/** @type {string} */ file) {
  return new Promise((resolve, reject) => {
    const hash = createHash("sha256");
    createReadStream(file)
      .on("data", (chunk) => hash.update(chunk))
      .on("end", () => resolve(hash.digest("hex")))
      .on("error", reject);
  });
}

/** Every file under `folder`, as paths relative to it with "/" between parts. */
export function filesUnder(/** @type {string} */ folder, prefix = "") {
  /** @type {string[]} */
  const found = [];
  for (const name of readdirSync(path.join(folder, prefix)).sort()) {
    const relative = prefix ? `${prefix}/${name}` : name;
    if (statSync(path.join(folder, relative)).isDirectory()) found.push(...filesUnder(folder, relative));
    else found.push(relative);
  }
  return found;
}

/** The rows in each of the database's own tables, and the migrations applied, in a SQLite database. */
export function sqliteContents(/** @type {import("better-sqlite3").Database} */ db) {
  const tables = /** @type {{ name: string }[]} */ (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all());
  /** @type {Record<string, number>} */
  const rows = {};
  for (const { name } of tables) rows[name] = /** @type {{ n: number }} */ (db.prepare(`SELECT count(*) AS n FROM "${name.replaceAll('"', '""')}"`).get()).n;
  const migrations = /** @type {{ migration_name: string }[]} */ (
    db.prepare("SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name").all()
  ).map((row) => row.migration_name);
  return { rows, migrations };
}

/** The same for PostgreSQL, through `client` (in whatever transaction it is in). */
export async function postgresContents(/** @type {import("pg").Client} */ client) {
  const tables = await client.query("SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename");
  /** @type {Record<string, number>} */
  const rows = {};
  for (const { tablename } of tables.rows) {
    const counted = await client.query(`SELECT count(*)::int AS n FROM "${String(tablename).replaceAll('"', '""')}"`);
    rows[tablename] = counted.rows[0].n;
  }
  const applied = await client.query("SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name");
  return { rows, migrations: applied.rows.map((row) => String(row.migration_name)) };
}

/** The first difference between what a manifest promised and what was found, or null. */
export function firstDifference(/** @type {{ rows: Record<string, number>, migrations: string[] }} */ promised, /** @type {{ rows: Record<string, number>, migrations: string[] }} */ found) {
  if (promised.migrations.join("\n") !== found.migrations.join("\n")) return "the migrations applied differ from the backup's";
  for (const table of new Set([...Object.keys(promised.rows), ...Object.keys(found.rows)])) {
    if (promised.rows[table] !== found.rows[table]) return `table ${table} has ${found.rows[table] ?? "no"} rows, the backup ${promised.rows[table] ?? "none"}`;
  }
  return null;
}
