import BetterSqlite3, { type Database } from "better-sqlite3";
import { searchChapters } from "./engine/book";
import { libraryCandidates, librarySpec, pageItems, type LibraryWindow } from "./library-index";

/**
 * A library search on SQLite, for a worker thread: the index is read there, over the worker's own
 * read-only connection (WAL lets it read beside the server's writes), so no search holds the
 * thread that answers requests, and the pool's deadline stops what runs too long.
 */
export type LibrarySearchTask = { op: "search-library"; databaseFile: string } & LibraryWindow;

/** A reader waits out a checkpoint here by sleeping, which stalls only this worker. */
const READER_BUSY_MS = 5_000;

/** The worker's connection, opened on its first search and kept while the worker lives. */
let reader: { file: string; db: Database } | undefined;

function readOnly(file: string): Database {
  if (reader?.file !== file) {
    reader?.db.close();
    reader = { file, db: new BetterSqlite3(file, { readonly: true, fileMustExist: true, timeout: READER_BUSY_MS }) };
  }
  return reader.db;
}

export function performLibrarySearchTask(task: LibrarySearchTask) {
  const db = readOnly(task.databaseFile);
  const { rows, total } = libraryCandidates(db, task);
  const ids = rows.map((row) => row.chapterId);
  const texts = ids.length
    ? (db.prepare(`SELECT "id", "title", "content" FROM "Chapter" WHERE "id" IN (${ids.map(() => "?").join(", ")})`).all(...ids) as { id: string; title: string; content: string }[])
    : [];
  const byId = new Map(texts.map((text) => [text.id, text]));
  const spec = librarySpec(task.query);
  const scanned = ids.map((id) => searchChapters([{ title: byId.get(id)?.title ?? "", content: byId.get(id)?.content ?? "" }], spec, { offset: 0, limit: 1 }));
  return { items: pageItems(rows, scanned), total };
}
