import path from "node:path";
import { engine } from "../db";
import { env } from "../env";
import { sqliteFile } from "../sql/sqlite";
import { databaseBlobStore } from "./blob-store-database";
import { fileBlobStore } from "./blob-store-files";

/**
 * Where a job's files live: an upload waiting for its job, and a job's result. Use cases and the
 * runner go through this interface only, so that another store (a bucket, a disk shared by the
 * instances) can take over without touching them.
 */
export interface BlobStore {
  /** Keeps the bytes and answers their blob id. */
  put(bytes: Uint8Array): Promise<string>;
  /** The blob's bytes, or null when there is no such blob. */
  get(blobId: string): Promise<Uint8Array | null>;
  delete(blobIds: readonly (string | null)[]): Promise<void>;
  /**
   * Deletes blobs no job refers to that are older than `graceMs`: those of a request that failed
   * or died between writing its blob and queueing its job (younger ones may be about to be queued).
   */
  sweepUnreferenced(graceMs: number): Promise<number>;
}

/**
 * On PostgreSQL, the database: the one thing the instances share. On SQLite, files in a folder
 * beside the database file (every process on one SQLite file shares that folder): better-sqlite3
 * runs every statement on the thread that answers all requests, with an fsync per commit, and four
 * 20 MiB uploads written into the database held it for seconds (issue 16, bench row 8a), while
 * file writes run on libuv's thread pool.
 */
export const blobStore: BlobStore =
  engine === "sqlite" ? fileBlobStore(path.join(path.dirname(sqliteFile(env.DATABASE_URL)), "job-files"), databaseBlobStore) : databaseBlobStore;
