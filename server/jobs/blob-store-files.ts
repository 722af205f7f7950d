import { mkdir, open, readdir, readFile, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { sql } from "../db";
import { newId } from "../sql/values";
import type { BlobStore } from "./blob-store";

/** The ids this store makes (UUIDs): nothing else is ever joined to its folder's path. */
const OWN_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ZEROS = Buffer.alloc(64 * 1024);

/**
 * Job files as files in `folder` (0700, each file 0600), read and written on libuv's thread pool
 * rather than the thread that answers requests. A file is written under a temporary name, synced,
 * then renamed, so a blob id always names a complete file that survives a crash once its job is
 * acknowledged. Deleting overwrites the bytes first, as SQLite's secure_delete does for rows.
 *
 * `earlier` answers for blobs this store did not write: the job files that the migration to the
 * blob store moved into the database. (It can go once no database has jobs from before 2026-11-25:
 * jobs expire within a day.)
 */
export function fileBlobStore(folder: string, earlier: BlobStore): BlobStore {
  let made: Promise<unknown> | undefined;
  const ready = () => (made ??= mkdir(folder, { recursive: true, mode: 0o700 }));
  const fileOf = (blobId: string) => path.join(folder, blobId);

  return {
    async put(bytes) {
      await ready();
      const blobId = newId();
      const partial = `${fileOf(blobId)}.partial`;
      try {
        const handle = await open(partial, "wx", 0o600);
        try {
          await handle.writeFile(bytes);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(partial, fileOf(blobId));
        await syncFolder(folder);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      return blobId;
    },

    async get(blobId) {
      if (!OWN_ID.test(blobId)) return earlier.get(blobId);
      try {
        return new Uint8Array(await readFile(fileOf(blobId)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },

    async delete(blobIds) {
      const own = blobIds.filter((id): id is string => id !== null && OWN_ID.test(id));
      await Promise.all(own.map((id) => erase(fileOf(id))));
      await earlier.delete(blobIds.filter((id) => id === null || !OWN_ID.test(id)));
    },

    async sweepUnreferenced(graceMs) {
      await ready();
      const referenced = new Set(await referencedBlobIds());
      const cutoff = Date.now() - graceMs;
      let swept = 0;
      for (const name of await readdir(folder)) {
        const id = name.replace(/\.partial$/, "");
        if (!OWN_ID.test(id) || referenced.has(id)) continue;
        const file = path.join(folder, name);
        const stats = await stat(file).catch(() => null);
        if (!stats || stats.mtimeMs >= cutoff) continue;
        await erase(file);
        swept++;
      }
      return swept + (await earlier.sweepUnreferenced(graceMs));
    },
  };
}

async function referencedBlobIds(): Promise<string[]> {
  const jobs = await sql.selectFrom("Job").select(["inputBlobId", "fileBlobId"]).where((eb) => eb.or([eb("inputBlobId", "is not", null), eb("fileBlobId", "is not", null)])).execute();
  return jobs.flatMap((job) => [job.inputBlobId, job.fileBlobId]).filter((id): id is string => id !== null);
}

/** A rename lasts through a crash once the folder holding it is synced. */
async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Overwrites a file with zeros, then removes it; a file already gone is fine. */
async function erase(file: string): Promise<void> {
  const handle = await open(file, "r+").catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return null;
    throw error;
  });
  if (!handle) return;
  try {
    const { size } = await handle.stat();
    for (let at = 0; at < size; at += ZEROS.length) await handle.write(ZEROS, 0, Math.min(ZEROS.length, size - at), at);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rm(file, { force: true });
}
