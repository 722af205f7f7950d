import { createHash, randomBytes } from "node:crypto";
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import Database from "better-sqlite3";
import type { DB } from "@/server/generated/kysely/database";
import { openDatabase } from "@/server/sql/open";
import { migrate } from "../../scripts/migrate.mjs";
import { onPostgres, POSTGRES, postgresClient, postgresUrl } from "./postgres-server";

export { onPostgres, POSTGRES, postgresUrl };

/**
 * A new, empty, fully migrated database and a temporary data folder: a SQLite file in that folder,
 * or a fresh database on the test PostgreSQL server. Each is a copy of one migrated template
 * (migratedTemplate): running Prisma's migrations took seconds a database on PostgreSQL, for every
 * server a test starts; copying takes a fraction of one.
 */
export async function migratedDatabase(label: string): Promise<{ dir: string; url: string }> {
  const dir = mkdtempSync(path.join(tmpdir(), `inkstone-${label}-`));
  const template = await migratedTemplate();
  if (!POSTGRES) {
    const file = path.join(dir, "inkstone.db");
    copyFileSync(template, file);
    return { dir, url: `file:${file}` };
  }
  const database = `inkstone_${label.replace(/\W/g, "_")}_${randomBytes(6).toString("hex")}`;
  await copyPostgresDatabase(template, database);
  return { dir, url: postgresUrl(database) };
}

/** The engine's migrations, hashed: a template is made once for each set of them, whatever process asks first. */
function migrationsHash(): string {
  const folder = path.join(process.cwd(), POSTGRES ? "prisma/migrations-postgres" : "prisma/migrations");
  const hash = createHash("sha256");
  for (const name of readdirSync(folder).sort()) {
    const file = path.join(folder, name, "migration.sql");
    hash.update(name).update(existsSync(file) ? readFileSync(file) : "");
  }
  return hash.digest("hex").slice(0, 16);
}

let template: Promise<string> | undefined;

/**
 * The migrated template this test run's databases are copied from: a SQLite file in the temporary
 * folder, or a database on the test PostgreSQL server, named for the migrations it holds. Test
 * processes run side by side: each builds under a name of its own and renames it into place, so
 * one that loses the race drops its copy and uses the winner's.
 */
function migratedTemplate(): Promise<string> {
  return (template ??= POSTGRES ? postgresTemplate(`inkstone_template_${migrationsHash()}`) : Promise.resolve(sqliteTemplate(path.join(tmpdir(), `inkstone-template-${migrationsHash()}.db`))));
}

function sqliteTemplate(file: string): string {
  if (existsSync(file)) return file;
  const building = path.join(mkdtempSync(path.join(tmpdir(), "inkstone-template-")), "inkstone.db");
  migrate({ ...process.env, DATABASE_URL: `file:${building}` }, "pipe");
  // A copy takes the file alone: whatever a log holds is folded into it first.
  const database = new Database(building);
  database.pragma("wal_checkpoint(TRUNCATE)");
  database.close();
  renameSync(building, file);
  rmSync(path.dirname(building), { recursive: true, force: true });
  return file;
}

async function postgresTemplate(name: string): Promise<string> {
  const client = await postgresClient("postgres");
  try {
    if ((await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name])).rowCount) return name;
  } finally {
    await client.end();
  }
  const building = `${name}_${randomBytes(4).toString("hex")}`;
  await onPostgres(`CREATE DATABASE "${building}"`);
  migrate({ ...process.env, DATABASE_URL: postgresUrl(building) }, "pipe");
  try {
    await onPostgres(`ALTER DATABASE "${building}" RENAME TO "${name}"`);
  } catch (error) {
    // 42P04 duplicate_database: another process's template is in place first.
    if ((error as { code?: string }).code !== "42P04") throw error;
    await onPostgres(`DROP DATABASE "${building}"`);
  }
  return name;
}

/**
 * CREATE DATABASE … TEMPLATE, which PostgreSQL refuses (55006 object_in_use) while another session
 * is connected to the template: only for the moment a process looks for it by name, so it is tried again.
 */
async function copyPostgresDatabase(template: string, database: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await onPostgres(`CREATE DATABASE "${database}" TEMPLATE "${template}"`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== "55006" || attempt === 50) throw error;
    }
  }
}

/** Kysely on a test server's database, whichever the engine, for looking behind the API; `destroy()` it after. */
export function kyselyFor(url: string, dataDir: string): Kysely<DB> {
  return openDatabase(url, dataDir, 2).sql;
}
