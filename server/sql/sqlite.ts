import BetterSqlite3, { type Database } from "better-sqlite3";
import { chmodSync, existsSync, statSync } from "node:fs";
import { BUSY_TIMEOUT_MS } from "./sqlite-busy";
import { LockedSqliteDialect } from "./sqlite-driver";
import { sqliteFile } from "./sqlite-file.mjs";

/**
 * The process's one SQLite connection, opened on first use. Statements and transactions take
 * turns on it behind one lock (server/sql/sqlite-driver.ts).
 */
export function openSqlite(url: string, dataDir: string): LockedSqliteDialect {
  const file = sqliteFile(url);
  let opened: { dev: number; ino: number } | undefined;
  const open = () => {
    const database = connect(url, dataDir);
    const { dev, ino } = statSync(/*turbopackIgnore: true*/ file);
    opened = { dev, ino };
    return database;
  };
  // The connection keeps writing to the file it opened: one deleted or replaced (a restore copied
  // over it with mv) under it takes every later save where no one will read it.
  const fileProblem = () => {
    if (!opened) return null;
    try {
      const { dev, ino } = statSync(/*turbopackIgnore: true*/ file);
      return dev === opened.dev && ino === opened.ino ? null : `The database file ${file} was replaced while the server had it open: restart the server.`;
    } catch (error) {
      return `The database file ${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? "unknown error"}): it was moved or deleted while the server had it open.`;
    }
  };
  return new LockedSqliteDialect(open, fileProblem);
}

function connect(url: string, dataDir: string): Database {
  const database = new BetterSqlite3(sqliteFile(url), { timeout: BUSY_TIMEOUT_MS });
  // WAL lets readers go on during a save. better-sqlite3 builds WAL with synchronous=NORMAL,
  // which can lose the last commits in a power cut; FULL syncs each commit before it returns.
  // secure_delete overwrites the text of deleted rows, so a purged chapter is gone from the file.
  // foreign_keys: deletes cascade as the migrations declare (better-sqlite3's build turns it on
  // already; said here so that it never depends on the build).
  database.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA secure_delete = ON; PRAGMA foreign_keys = ON;");
  keepPrivate(url, dataDir);
  return database;
}

export { sqliteFile };

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
