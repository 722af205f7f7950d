import path from "node:path";
import { engine } from "../db";
import { env } from "../env";
import { sqliteFile } from "../sql/sqlite";
import type { BlobStore } from "./blob-store";
import { databaseBlobStore } from "./blob-store-database";
import { fileBlobStore } from "./blob-store-files";

/**
 * On PostgreSQL, the database: the one thing the instances share. On SQLite, files in a folder
 * beside the database file (every process on one SQLite file shares that folder): better-sqlite3
 * runs every statement on the thread that answers all requests, with an fsync per commit, and four
 * 20 MiB uploads written into the database held it for seconds (issue 16, bench row 8a), while
 * file writes run on libuv's thread pool.
 */
export const blobStore: BlobStore =
  engine === "sqlite" ? fileBlobStore(path.join(path.dirname(sqliteFile(env.DATABASE_URL)), "job-files"), databaseBlobStore) : databaseBlobStore;
