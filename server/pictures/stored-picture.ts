import { setImmediate as nextTurn } from "node:timers/promises";
import type { Transaction } from "kysely";
import { sql } from "../db";
import { AppError } from "../errors";
import type { DB } from "../generated/kysely/database";
import { runInWorker } from "../workers/pool";
import type { PictureFacts } from "./picture-task";
import { pictureTypeNames, sniffPicture, type PictureType } from "./schemas";

/** As the job blob store (server/jobs/blob-store-database.ts): one statement moves at most one piece. */
const CHUNK_BYTES = 256 * 1024;

/**
 * Where each kind of picture keeps its bytes, in the database every instance shares: tables of one
 * shape (the owner's id, the piece's number, its bytes).
 */
export const PICTURE_STORES = {
  entryPicture: { table: "BiblePictureChunk", key: "entryId" },
  bookCover: { table: "BookCoverChunk", key: "bookId" },
} as const;
type PictureStore = (typeof PICTURE_STORES)[keyof typeof PICTURE_STORES];
// Kysely types a query per table; the stores' tables have the same columns under another key name.
type Table = "BookCoverChunk";
const keyOf = (store: PictureStore) => store.key as "bookId";

/**
 * The most pixels a cover or picture may have: 40 megapixels, more than a print cover's full wrap
 * at 300 dpi, or a modern camera's photo (docs/decisions/0453-pictures-are-decoded-in-a-worker.md).
 */
export const MAX_PICTURE_PIXELS = 40_000_000;
const READ_TIMEOUT_MS = 15_000;

/**
 * The picture's type, from its bytes whatever the upload claimed: past `maxBytes` is 413
 * payload_too_large, and what is not one of the `accepted` types is 415 unsupported_media_type.
 * Then it is read through in the quick worker lane, under a deadline: more than
 * MAX_PICTURE_PIXELS is 413, and bytes that do not decode as that type are 422 corrupt_document.
 * Answers the type and the size in pixels the worker read (a cover's warnings come from them).
 */
export async function checkPicture<T extends PictureType>(
  bytes: Uint8Array,
  rule: { what: string; maxBytes: number; accepted: readonly T[]; owner: string },
): Promise<{ mediaType: T; width: number; height: number }> {
  const { what, maxBytes, accepted } = rule;
  if (bytes.byteLength > maxBytes) {
    throw new AppError("payload_too_large", `${what} can be at most ${maxBytes / 1024 / 1024} MiB.`, { maxBytes, size: bytes.byteLength });
  }
  const mediaType = sniffPicture(bytes);
  if (!mediaType || !(accepted as readonly PictureType[]).includes(mediaType)) {
    const named = pictureTypeNames(accepted);
    const found = mediaType ? `this is a ${pictureTypeNames([mediaType])} image` : "these bytes are none of them";
    throw new AppError("unsupported_media_type", `${what} is a ${named} image; ${found}.`, { accepted });
  }
  const facts = await runInWorker<PictureFacts>({ op: "picture-read", bytes, what, maxPixels: MAX_PICTURE_PIXELS }, {
    lane: "quick",
    owner: rule.owner,
    timeoutMs: READ_TIMEOUT_MS,
    timeoutError: () => new AppError("conversion_timed_out", `${what} took longer than ${READ_TIMEOUT_MS / 1000} s to read; nothing was changed.`),
  });
  if (`image/${facts.format}` !== mediaType) {
    throw new AppError("corrupt_document", `${what} starts as a ${pictureTypeNames([mediaType])} image but reads as ${facts.format}; nothing was changed.`);
  }
  return { mediaType: mediaType as T, width: facts.width, height: facts.height };
}

/** Replaces the owner's picture with these bytes, in the caller's transaction. */
export async function writePicture(trx: Transaction<DB>, store: PictureStore, ownerId: string, bytes: Uint8Array): Promise<void> {
  await deletePicture(trx, store, ownerId);
  for (let seq = 0, start = 0; start < bytes.byteLength; seq++, start += CHUNK_BYTES) {
    const piece = Buffer.from(bytes.buffer, bytes.byteOffset + start, Math.min(CHUNK_BYTES, bytes.byteLength - start));
    await trx.insertInto(store.table as Table).values({ [keyOf(store)]: ownerId, seq, bytes: piece } as { bookId: string; seq: number; bytes: Buffer }).execute();
  }
}

export async function deletePicture(trx: Transaction<DB>, store: PictureStore, ownerId: string): Promise<void> {
  await trx.deleteFrom(store.table as Table).where(keyOf(store), "=", ownerId).execute();
}

/** The owner's picture's bytes, a piece per turn of the event loop (empty when it has none). */
export async function readPicture(store: PictureStore, ownerId: string): Promise<Uint8Array> {
  const pieces: Buffer[] = [];
  for (let seq = 0; ; seq++) {
    if (seq > 0) await nextTurn();
    const piece = await sql.selectFrom(store.table as Table).select("bytes").where(keyOf(store), "=", ownerId).where("seq", "=", seq).executeTakeFirst();
    if (!piece) break;
    pieces.push(piece.bytes);
  }
  return new Uint8Array(Buffer.concat(pieces));
}
