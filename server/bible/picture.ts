import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { sqlTransaction } from "../db";
import { AppError } from "../errors";
import { PICTURE_MEDIA_TYPES, pictureExtension } from "../pictures/schemas";
import { checkPicture, deletePicture, PICTURE_STORES, readPicture, writePicture } from "../pictures/stored-picture";
import { entryDto, loadEntry } from "./entries";
import { BIBLE_LIMITS, type EntryDto } from "./schemas";

/**
 * PUT /api/v1/books/{bookId}/bible/entries/{entryId}/picture — the entry's picture, replacing any.
 * At most 2 MiB (413); PNG, JPEG, WebP or GIF by its bytes, whatever it claims (415 otherwise).
 * Kept in the database every instance shares, in 256 KiB pieces.
 */
export async function setEntryPicture(input: { bookId: string; entryId: string; bytes: Uint8Array }, principal: Principal): Promise<EntryDto> {
  authorize(principal, "bible.setPicture");
  const { book, entry } = await loadEntry(principal, input.bookId, input.entryId, "bible.setPicture");
  const { mediaType } = await checkPicture(input.bytes, { owner: principal.userId, what: "A picture", maxBytes: BIBLE_LIMITS.pictureBytes, accepted: PICTURE_MEDIA_TYPES });
  const row = await sqlTransaction(async (trx) => {
    await writePicture(trx, PICTURE_STORES.entryPicture, entry.id, input.bytes);
    const now = new Date();
    return trx
      .updateTable("BibleEntry")
      .set({ pictureMediaType: mediaType, pictureSize: input.bytes.byteLength, pictureUpdatedAt: now, updatedAt: now })
      .where("id", "=", entry.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return entryDto(book.id, row);
}

// GET /api/v1/books/{bookId}/bible/entries/{entryId}/picture — the bytes
export async function getEntryPicture(input: { bookId: string; entryId: string }, principal: Principal): Promise<{ bytes: Uint8Array; mediaType: string; name: string }> {
  authorize(principal, "bible.picture");
  const { entry } = await loadEntry(principal, input.bookId, input.entryId, "bible.picture");
  if (!entry.pictureMediaType) throw new AppError("not_found", "This entry has no picture.");
  return { bytes: await readPicture(PICTURE_STORES.entryPicture, entry.id), mediaType: entry.pictureMediaType, name: `${entry.name}.${pictureExtension(entry.pictureMediaType)}` };
}

// DELETE /api/v1/books/{bookId}/bible/entries/{entryId}/picture
export async function deleteEntryPicture(input: { bookId: string; entryId: string }, principal: Principal): Promise<EntryDto> {
  authorize(principal, "bible.deletePicture");
  const { book, entry } = await loadEntry(principal, input.bookId, input.entryId, "bible.deletePicture");
  const row = await sqlTransaction(async (trx) => {
    await deletePicture(trx, PICTURE_STORES.entryPicture, entry.id);
    return trx
      .updateTable("BibleEntry")
      .set({ pictureMediaType: null, pictureSize: null, pictureUpdatedAt: null, updatedAt: new Date() })
      .where("id", "=", entry.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return entryDto(book.id, row);
}
