import { setImmediate as nextTurn } from "node:timers/promises";
import { sql } from "../db";
import { newId } from "../sql/values";
import type { BlobStore } from "./blob-store";

/**
 * Job files in the database every instance shares (PostgreSQL's store), in chunks
 * (JobBlobChunk): one statement moves at most one chunk, and the store yields to the event loop
 * between chunks, so that one large file never holds a connection or the thread for long.
 */
export const CHUNK_BYTES = 256 * 1024;

export const databaseBlobStore: BlobStore = {
  async put(bytes) {
    const blobId = newId();
    const createdAt = new Date();
    try {
      // Even an empty file gets one chunk: an id with no chunks means "no such blob".
      for (let seq = 0, start = 0; seq === 0 || start < bytes.byteLength; seq++, start += CHUNK_BYTES) {
        if (seq > 0) await nextTurn();
        const piece = Buffer.from(bytes.buffer, bytes.byteOffset + start, Math.min(CHUNK_BYTES, bytes.byteLength - start));
        await sql.insertInto("JobBlobChunk").values({ blobId, seq, bytes: piece, createdAt }).execute();
      }
    } catch (error) {
      await databaseBlobStore.delete([blobId]).catch(() => undefined);
      throw error;
    }
    return blobId;
  },

  async get(blobId) {
    const pieces: Buffer[] = [];
    for (let seq = 0; ; seq++) {
      if (seq > 0) await nextTurn();
      const chunk = await sql.selectFrom("JobBlobChunk").select("bytes").where("blobId", "=", blobId).where("seq", "=", seq).executeTakeFirst();
      if (!chunk) break;
      pieces.push(chunk.bytes);
    }
    return pieces.length === 0 ? null : new Uint8Array(Buffer.concat(pieces));
  },

  async delete(blobIds) {
    const ids = blobIds.filter((id): id is string => id !== null);
    if (ids.length > 0) await sql.deleteFrom("JobBlobChunk").where("blobId", "in", ids).execute();
  },

  async sweepUnreferenced(graceMs) {
    const referenced = (column: "inputBlobId" | "fileBlobId") => sql.selectFrom("Job").select(column).where(column, "is not", null);
    const { numDeletedRows } = await sql
      .deleteFrom("JobBlobChunk")
      .where("createdAt", "<", new Date(Date.now() - graceMs))
      .where("blobId", "not in", referenced("inputBlobId"))
      .where("blobId", "not in", referenced("fileBlobId"))
      .executeTakeFirst();
    return Number(numDeletedRows);
  },
};
