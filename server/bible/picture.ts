import { setImmediate as nextTurn } from "node:timers/promises";
import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { sql, sqlTransaction } from "../db";
import { AppError } from "../errors";
import { entryDto, loadEntry } from "./entries";
import { BIBLE_LIMITS, type EntryDto, PICTURE_MEDIA_TYPES } from "./schemas";

type PictureType = (typeof PICTURE_MEDIA_TYPES)[number];
/** As the job blob store (server/jobs/blob-store-database.ts): one statement moves at most one piece. */
const CHUNK_BYTES = 256 * 1024;

/** The image type its first bytes say, or null: PNG, JPEG, WebP and GIF, by their magic numbers. */
export function sniffPicture(bytes: Uint8Array): PictureType | null {
  const starts = (...magic: number[]) => magic.every((byte, i) => bytes[i] === byte);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
  if (starts(0xff, 0xd8, 0xff)) return "image/jpeg";
  if (starts(0x47, 0x49, 0x46, 0x38) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return "image/gif";
  if (starts(0x52, 0x49, 0x46, 0x46) && bytes[8] === 0x57 && bytes[9] === 0x45 && bytes[10] === 0x42 && bytes[11] === 0x50) return "image/webp";
  return null;
}

/**
 * PUT /api/v1/books/{bookId}/bible/entries/{entryId}/picture — the entry's picture, replacing any.
 * At most 2 MiB (413); PNG, JPEG, WebP or GIF by its bytes, whatever it claims (415 otherwise).
 * Kept in the database every instance shares, in 256 KiB pieces.
 */
export async function setEntryPicture(input: { bookId: string; entryId: string; bytes: Uint8Array }, principal: Principal): Promise<EntryDto> {
  authorize(principal, "bible.setPicture");
  const { book, entry } = await loadEntry(principal, input.bookId, input.entryId);
  const { bytes } = input;
  if (bytes.byteLength > BIBLE_LIMITS.pictureBytes) {
    throw new AppError("payload_too_large", `A picture can be at most ${BIBLE_LIMITS.pictureBytes / 1024 / 1024} MiB.`, { maxBytes: BIBLE_LIMITS.pictureBytes, size: bytes.byteLength });
  }
  const mediaType = sniffPicture(bytes);
  if (!mediaType) throw new AppError("unsupported_media_type", "A picture is a PNG, JPEG, WebP or GIF image; these bytes are none of them.", { accepted: PICTURE_MEDIA_TYPES });
  const row = await sqlTransaction(async (trx) => {
    await trx.deleteFrom("BiblePictureChunk").where("entryId", "=", entry.id).execute();
    for (let seq = 0, start = 0; start < bytes.byteLength; seq++, start += CHUNK_BYTES) {
      const piece = Buffer.from(bytes.buffer, bytes.byteOffset + start, Math.min(CHUNK_BYTES, bytes.byteLength - start));
      await trx.insertInto("BiblePictureChunk").values({ entryId: entry.id, seq, bytes: piece }).execute();
    }
    const now = new Date();
    return trx
      .updateTable("BibleEntry")
      .set({ pictureMediaType: mediaType, pictureSize: bytes.byteLength, pictureUpdatedAt: now, updatedAt: now })
      .where("id", "=", entry.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return entryDto(book.id, row);
}

// GET /api/v1/books/{bookId}/bible/entries/{entryId}/picture — the bytes
export async function getEntryPicture(input: { bookId: string; entryId: string }, principal: Principal): Promise<{ bytes: Uint8Array; mediaType: string; name: string }> {
  authorize(principal, "bible.picture");
  const { entry } = await loadEntry(principal, input.bookId, input.entryId);
  if (!entry.pictureMediaType) throw new AppError("not_found", "This entry has no picture.");
  const pieces: Buffer[] = [];
  for (let seq = 0; ; seq++) {
    if (seq > 0) await nextTurn();
    const chunk = await sql.selectFrom("BiblePictureChunk").select("bytes").where("entryId", "=", entry.id).where("seq", "=", seq).executeTakeFirst();
    if (!chunk) break;
    pieces.push(chunk.bytes);
  }
  const extension = entry.pictureMediaType.slice("image/".length).replace("jpeg", "jpg");
  return { bytes: new Uint8Array(Buffer.concat(pieces)), mediaType: entry.pictureMediaType, name: `${entry.name}.${extension}` };
}

// DELETE /api/v1/books/{bookId}/bible/entries/{entryId}/picture
export async function deleteEntryPicture(input: { bookId: string; entryId: string }, principal: Principal): Promise<EntryDto> {
  authorize(principal, "bible.deletePicture");
  const { book, entry } = await loadEntry(principal, input.bookId, input.entryId);
  const row = await sqlTransaction(async (trx) => {
    await trx.deleteFrom("BiblePictureChunk").where("entryId", "=", entry.id).execute();
    return trx
      .updateTable("BibleEntry")
      .set({ pictureMediaType: null, pictureSize: null, pictureUpdatedAt: null, updatedAt: new Date() })
      .where("id", "=", entry.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return entryDto(book.id, row);
}
