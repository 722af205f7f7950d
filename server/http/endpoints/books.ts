import { z } from "zod";
import { deleteBookCover, getBookCover, setBookCover } from "../../books/cover";
import { createBook } from "../../books/create-book";
import { deleteBook } from "../../books/delete-book";
import { getBook } from "../../books/get-book";
import { booksCollection, listBooks } from "../../books/list-books";
import {
  BOOK_COVER_BYTES,
  BOOK_WRITABLE_ATTRIBUTES,
  COVER_MEDIA_TYPES,
  bookIdParams,
  bookSchema,
  createBookInput,
  patchBookInput,
  BOOK_REQUIRED_ATTRIBUTES,
  replaceBookInput,
} from "../../books/schemas";
import { updateBook } from "../../books/update-book";
import { booleanFilter } from "../../collections";
import { validatorsOf } from "../../preconditions";
import { defineEndpoint, defineListEndpoint } from "../endpoint";
import { fileResponse, noContent, success } from "../envelope";
import { pictureQuery, pictureUpload } from "./picture-http";

// GET /api/v1/books — list books
export const listBooksEndpoint = defineListEndpoint({
  path: "/api/v1/books",
  summary: "List your books (every writer's, with the admin scope)",
  operation: "books.list",
  collection: booksCollection,
  success: { status: 200, description: "one page of books", schema: z.array(bookSchema) },
  list: (_, options, principal) => listBooks(options, principal),
});

// POST /api/v1/books — create a book
export const createBookEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/v1/books",
  summary: "Create a book",
  operation: "books.create",
  auth: "required",
  body: { schema: createBookInput },
  writableAttributes: BOOK_WRITABLE_ATTRIBUTES.filter((a) => a !== "deleted"),
  preconditions: "collection",
  success: { status: 201, description: "the new book", schema: bookSchema, headers: ["etag", "last-modified"], validators: validatorsOf },
  run: createBook,
});

// GET /api/v1/books/{bookId} — read a book
export const getBookEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v1/books/{bookId}",
  summary: "Read a book (HEAD: its metadata headers only)",
  operation: "books.get",
  auth: "required",
  params: bookIdParams,
  // Strong: a hash of the book as this caller reads it (their role, the counts, the cover included).
  success: { status: 200, description: "the book", schema: bookSchema, headers: ["etag", "last-modified"], validators: validatorsOf },
  run: getBook,
});

/** PUT and PATCH of a book differ only in which attributes the body must carry. */
function updateBookEndpoint<M extends "PUT" | "PATCH", B extends z.ZodType & (typeof replaceBookInput | typeof patchBookInput)>(
  method: M,
  schema: B,
  summary: string,
  requiredAttributes?: readonly string[],
) {
  return defineEndpoint({
    method,
    path: "/api/v1/books/{bookId}",
    summary,
    operation: "books.update",
    auth: "required",
    params: bookIdParams,
    body: { schema, under: "changes" },
    writableAttributes: BOOK_WRITABLE_ATTRIBUTES,
    requiredAttributes,
    readOnly: method === "PUT" ? { resource: bookSchema, current: ({ params, principal }) => getBook(params, principal) } : undefined,
    preconditions: true,
    success: { status: 201, description: "the book as saved", schema: bookSchema, headers: ["etag", "last-modified"], validators: validatorsOf },
    errors: ["book_in_trash"],
    run: updateBook,
  });
}

// PUT /api/v1/books/{bookId} — replace the book
export const replaceBookEndpoint = updateBookEndpoint(
  "PUT",
  replaceBookInput,
  "Replace a book: title, type and description are required; language, status and targetWordCount go back to their defaults when left out",
  BOOK_REQUIRED_ATTRIBUTES,
);

// PATCH /api/v1/books/{bookId} — change some attributes, or move into / out of the trash
export const patchBookEndpoint = updateBookEndpoint(
  "PATCH",
  patchBookInput,
  "Change some of a book's attributes; `deleted` moves it into or out of the trash",
);

// DELETE /api/v1/books/{bookId} — to the trash, or for good with ?permanent=true
export const deleteBookEndpoint = defineEndpoint({
  method: "DELETE",
  path: "/api/v1/books/{bookId}",
  summary: "Move a book to the trash; with permanent=true delete it for good (then it answers 410)",
  operation: "books.delete",
  auth: "required",
  params: bookIdParams,
  query: z.object({ permanent: booleanFilter.optional().describe("delete for good, chapters and history too") }),
  preconditions: true,
  success: { status: 204, description: "deleted" },
  run: ({ permanent, ...book }, principal) => deleteBook({ ...book, permanent: permanent ?? false }, principal),
});

// GET /api/v1/books/{bookId}/cover — the bytes
export const getCoverEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v1/books/{bookId}/cover",
  summary: "The book's cover, as its own image type",
  operation: "books.cover",
  auth: "required",
  params: bookIdParams,
  query: pictureQuery,
  success: { status: 200, description: "the image", file: true, mediaTypes: COVER_MEDIA_TYPES },
  handle: async ({ params, principal }) => fileResponse(await getBookCover(params, principal)),
});

// PUT /api/v1/books/{bookId}/cover — multipart `file`
export const setCoverEndpoint = defineEndpoint({
  method: "PUT",
  path: "/api/v1/books/{bookId}/cover",
  summary: `Set the book's cover, which its EPUB export carries: multipart \`file\`, a JPEG, PNG or GIF (by its bytes) of at most ${BOOK_COVER_BYTES / 1024 / 1024} MiB; 413 over, 415 not an image`,
  operation: "books.setCover",
  auth: "required",
  params: bookIdParams,
  body: pictureUpload("CoverUpload", BOOK_COVER_BYTES, COVER_MEDIA_TYPES),
  success: { status: 201, description: "the book with its cover", schema: bookSchema },
  errors: ["payload_too_large", "unsupported_media_type", "book_in_trash"],
  handle: async ({ params, body, principal }) => success(await setBookCover({ bookId: params.bookId, bytes: body.file.bytes }, principal), 201),
});

// DELETE /api/v1/books/{bookId}/cover
export const deleteCoverEndpoint = defineEndpoint({
  method: "DELETE",
  path: "/api/v1/books/{bookId}/cover",
  summary: "Remove the book's cover (204 whether or not it had one)",
  operation: "books.deleteCover",
  auth: "required",
  params: bookIdParams,
  success: { status: 204, description: "removed" },
  handle: async ({ params, principal }) => {
    await deleteBookCover(params, principal);
    return noContent();
  },
});
