import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import type { SqlDriverAdapter, SqlDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import type { Database } from "better-sqlite3";
import { chmodSync, existsSync } from "node:fs";
import path from "node:path";
import { Lock } from "./lock";
import { BUSY_TIMEOUT_MS } from "./sqlite-busy";
import { LockedSqliteDialect } from "./sqlite-driver";
import { lockedPrismaAdapter } from "./sqlite-prisma";

/**
 * The process's one SQLite connection, shared by Prisma (schema-shaped and cold paths) and
 * Kysely (the hot paths), behind one lock: statements and transactions from either take turns.
 */
export function openSqlite(url: string, dataDir: string): { prisma: SqlDriverAdapterFactory; kysely: LockedSqliteDialect } {
  const lock = new Lock();
  let opened: Promise<SqlDriverAdapter & { client: Database }> | undefined;
  const open = () => (opened ??= connect(url, dataDir));
  return {
    prisma: lockedPrismaAdapter(open, lock, () => (opened = undefined)),
    kysely: new LockedSqliteDialect(async () => (await open()).client, lock),
  };
}

async function connect(url: string, dataDir: string): Promise<SqlDriverAdapter & { client: Database }> {
  const adapter = (await new PrismaBetterSQLite3({ url, timeout: BUSY_TIMEOUT_MS }).connect()) as SqlDriverAdapter & { client: Database };
  // WAL lets readers go on during a save. better-sqlite3 builds WAL with synchronous=NORMAL,
  // which can lose the last commits in a power cut; FULL syncs each commit before it returns.
  // secure_delete overwrites the text of deleted rows, so a purged chapter is gone from the file.
  adapter.client.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA secure_delete = ON;");
  keepPrivate(url, dataDir);
  return adapter;
}

/** The database file a `file:` URL names. */
export function sqliteFile(url: string): string {
  return path.resolve(url.replace(/^file:/, "").split("?")[0]!);
}

/**
 * The database file and the data folder are for the server's user only (SQLite gives the journal
 * files the database file's mode). A database kept elsewhere keeps its folder's mode: that folder
 * is the operator's.
 */
function keepPrivate(url: string, dataDir: string): void {
  const file = sqliteFile(url);
  // (turbopackIgnore: these paths are the operator's, not files for the build to trace.)
  for (const part of [file, `${file}-wal`, `${file}-shm`]) if (existsSync(/*turbopackIgnore: true*/ part)) chmodSync(/*turbopackIgnore: true*/ part, 0o600);
  if (existsSync(/*turbopackIgnore: true*/ dataDir)) chmodSync(/*turbopackIgnore: true*/ dataDir, 0o700);
}
