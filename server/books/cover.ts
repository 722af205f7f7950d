import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { sqlTransaction } from "../db";
import { AppError } from "../errors";
import { pictureExtension } from "../pictures/schemas";
import { checkPicture, deletePicture, PICTURE_STORES, readPicture, writePicture } from "../pictures/stored-picture";
import { safeFileName } from "../convert/file-name";
import { loadBook, type LoadedBook } from "./access";
import { BOOK_COVER_BYTES, bookColumns, COVER_MEDIA_TYPES, toBookDto, type BookDto } from "./schemas";

/**
 * PUT /api/v1/books/{bookId}/cover — the book's cover, replacing any; the EPUB export carries it.
 * At most 5 MiB (413); JPEG, PNG or GIF by its bytes, whatever it claims (415 otherwise). One
 * smaller than the stores accept is kept, and the book's `cover.warnings` say so (./cover-warnings.ts).
 * Kept in the database every instance shares, in pieces, as an entry's picture is.
 */
export async function setBookCover(input: { bookId: string; bytes: Uint8Array }, principal: Principal): Promise<BookDto> {
  authorize(principal, "books.setCover");
  const book = await loadBook(principal, input.bookId, "books.setCover");
  // The worker that reads the picture through answers its size: the warnings need no second decode.
  const { mediaType, width, height } = await checkPicture(input.bytes, { owner: principal.userId, what: "A cover", maxBytes: BOOK_COVER_BYTES, accepted: COVER_MEDIA_TYPES });
  const now = new Date();
  const columns = { coverMediaType: mediaType, coverSize: input.bytes.byteLength, coverWidth: width, coverHeight: height, coverUpdatedAt: now, updatedAt: now };
  return saveCover(book, columns, input.bytes);
}

// GET /api/v1/books/{bookId}/cover — the bytes, named after the book
export async function getBookCover(input: { bookId: string }, principal: Principal): Promise<{ bytes: Uint8Array; mediaType: string; name: string }> {
  authorize(principal, "books.cover");
  const book = await loadBook(principal, input.bookId, "books.cover");
  if (!book.coverMediaType) throw new AppError("not_found", "This book has no cover.");
  return { bytes: await readBookCover(book.id), mediaType: book.coverMediaType, name: safeFileName(`${book.title} cover`, pictureExtension(book.coverMediaType)) };
}

// DELETE /api/v1/books/{bookId}/cover — removing a cover the book does not have changes nothing
export async function deleteBookCover(input: { bookId: string }, principal: Principal): Promise<BookDto> {
  authorize(principal, "books.deleteCover");
  const book = await loadBook(principal, input.bookId, "books.deleteCover");
  if (!book.coverMediaType) return toBookDto(book, book.role);
  return saveCover(book, { coverMediaType: null, coverSize: null, coverWidth: null, coverHeight: null, coverUpdatedAt: null, updatedAt: new Date() });
}

/** The cover's bytes (empty when the book has none); the export reads them. */
export const readBookCover = (bookId: string) => readPicture(PICTURE_STORES.bookCover, bookId);

/** Replaces the cover's pieces (none: removes it) and its columns, and moves the book's updatedAt: its exports change. */
async function saveCover(book: LoadedBook, columns: Pick<LoadedBook, "coverMediaType" | "coverSize" | "coverWidth" | "coverHeight" | "coverUpdatedAt" | "updatedAt">, bytes?: Uint8Array): Promise<BookDto> {
  const row = await sqlTransaction(async (trx) => {
    if (bytes) await writePicture(trx, PICTURE_STORES.bookCover, book.id, bytes);
    else await deletePicture(trx, PICTURE_STORES.bookCover, book.id);
    return trx.updateTable("Book").set(columns).where("id", "=", book.id).returning(bookColumns).executeTakeFirstOrThrow();
  });
  return toBookDto(row, book.role);
}
