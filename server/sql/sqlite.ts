import BetterSqlite3, { type Database } from "better-sqlite3";
import { chmodSync, existsSync, statSync } from "node:fs";
import { BUSY_TIMEOUT_MS } from "./sqlite-busy";
import { LockedSqliteDialect, type SqliteConnections } from "./sqlite-driver";
import { sqliteFile } from "./sqlite-file.mjs";
import { startWalCheckpointer } from "./wal-checkpointer";

/**
 * The process's SQLite connections, opened on first use: the writer, where statements and
 * transactions take turns behind one lock, and a read-only one for reads outside a transaction
 * (server/sql/sqlite-driver.ts). The write-ahead log is checkpointed by SQLite at a commit, until
 * the first long transaction: from then on by a thread of its own.
 */
export function openSqlite(url: string, dataDir: string): LockedSqliteDialect {
  const file = sqliteFile(url);
  let opened: { dev: number; ino: number } | undefined;
  let writer: Database | undefined;
  let reader: Database | undefined;
  let checkpointer: ReturnType<typeof startWalCheckpointer> = null;
  const connections: SqliteConnections = {
    writer() {
      if (writer) return writer;
      const database = connect(url, dataDir);
      const { dev, ino } = statSync(/*turbopackIgnore: true*/ file);
      opened = { dev, ino };
      return (writer = database);
    },
    checkpointOffThread() {
      const database = writer;
      if (!database) return;
      if (!checkpointer) {
        checkpointer = startWalCheckpointer(file, () => {
          if (database.open) database.pragma(`wal_autocheckpoint = ${SQLITE_AUTOCHECKPOINT_PAGES}`);
        });
        // SQLite's own checkpoint runs at the commit that fills the log past its pages, on this thread.
        if (checkpointer) database.pragma("wal_autocheckpoint = 0");
      }
      checkpointer?.checkpointNow();
    },
    reader() {
      // Read-only, on the file the writer made WAL: it reads the last commit, whatever the writer holds.
      return (reader ??= new BetterSqlite3(file, { readonly: true, fileMustExist: true, timeout: BUSY_TIMEOUT_MS }));
    },
    close() {
      checkpointer?.stop();
      reader?.close();
      writer?.close();
      checkpointer = null;
      reader = writer = undefined;
    },
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
  return new LockedSqliteDialect(connections, fileProblem);
}

/** SQLite's default: the log's pages at which a commit checkpoints it. */
const SQLITE_AUTOCHECKPOINT_PAGES = 1000;
/** A checkpointed log is cut back to this when it starts over, so a 60 MB change does not leave it that size on disk. */
const WAL_SIZE_LIMIT_BYTES = 16 * 1024 * 1024;

function connect(url: string, dataDir: string): Database {
  const database = new BetterSqlite3(sqliteFile(url), { timeout: BUSY_TIMEOUT_MS });
  // WAL lets readers go on during a save. better-sqlite3 builds WAL with synchronous=NORMAL,
  // which can lose the last commits in a power cut; FULL syncs each commit before it returns.
  // secure_delete overwrites the text of deleted rows, so a purged chapter is gone from the file.
  // foreign_keys: deletes cascade as the migrations declare (better-sqlite3's build turns it on
  // already; said here so that it never depends on the build).
  database.exec(`PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA secure_delete = ON; PRAGMA foreign_keys = ON; PRAGMA journal_size_limit = ${WAL_SIZE_LIMIT_BYTES};`);
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
