import type { Selectable } from "kysely";
import { z } from "zod";
import { BOOK_ROLES, type BookRole } from "../auth/book-roles";
import type { Book } from "../generated/kysely/database";
import { storedPicture, storedPictureSchema } from "../pictures/schemas";
import { storedText } from "../text/stored-text";

export const BOOK_STATUSES = ["planning", "drafting", "revising", "finished"] as const;

/**
 * A cover's bytes: 5 MiB. A store's recommended e-book cover (1,600 × 2,560 pixels) is 1–3 MB as a
 * JPEG; a PNG of it can be larger, and the writer is asked for a JPEG.
 */
export const BOOK_COVER_BYTES = 5 * 1024 * 1024;
/**
 * A cover is a JPEG, PNG or GIF: EPUB 3.2's image types, which every reader shows (WebP is EPUB
 * 3.3's: a 3.2 reader need not show it, and epubcheck 4 refuses it as a cover).
 */
export const COVER_MEDIA_TYPES = ["image/jpeg", "image/png", "image/gif"] as const;

const writable = {
  title: storedText().trim().min(1, "a book needs a title").max(200, "a title can be at most 200 characters"),
  type: storedText().trim().min(1, "a genre cannot be empty").max(60, "a genre can be at most 60 characters").describe("the genre, e.g. novel, fantasy, memoir"),
  description: storedText().max(5000, "a description can be at most 5,000 characters"),
  language: z
    .string()
    .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, "must be a language tag such as en, zh-Hans or pt-BR")
    .describe("BCP 47 language tag"),
  status: z.enum(BOOK_STATUSES),
  targetWordCount: z
    .int("a target is a whole number of words")
    .min(1, "a target is at least one word")
    .max(10_000_000, "a target can be at most 10,000,000 words")
    .nullable(),
};

/** A book's language, as every input that sets one checks it. */
export const bookLanguage = writable.language;

export const bookIdParams = z.object({ bookId: z.string().min(1).max(64) });

// What a book is beyond the seed's three attributes, when the caller does not say.
const optional = {
  language: writable.language.default("en"),
  status: writable.status.default("drafting"),
  targetWordCount: writable.targetWordCount.default(null),
};

export const createBookInput = z
  .strictObject({
    title: writable.title,
    type: writable.type.default("novel"),
    description: writable.description.default(""),
    ...optional,
  })
  .meta({ id: "CreateBook" });
export type CreateBookInput = z.output<typeof createBookInput>;

/** The attributes a PUT must name: the book as the seed defines it. */
export const BOOK_REQUIRED_ATTRIBUTES = ["title", "type", "description"] as const;

/**
 * PUT replaces the book: the seed's attributes are required, the others optional, and an omitted
 * one goes back to its default (a PUT says what the whole book is now).
 */
export const replaceBookInput = z
  .strictObject({ title: writable.title, type: writable.type, description: writable.description, ...optional })
  .meta({ id: "ReplaceBook" });

/** PATCH: any writable attribute, plus `deleted` to move the book into or out of the trash. */
export const patchBookInput = z
  .strictObject({
    ...z.object(writable).partial().shape,
    deleted: z.boolean().optional().describe("true moves the book to the trash, false restores it"),
  })
  .refine((patch) => Object.keys(patch).length > 0, "name at least one attribute to change")
  .meta({ id: "PatchBook" });
export type BookChanges = z.output<typeof patchBookInput>;

/** Attributes a caller with write:books may change (OPTIONS answers with these). */
export const BOOK_WRITABLE_ATTRIBUTES = [...Object.keys(writable), "deleted"];

export const bookSchema = z
  .object({
    id: z.string(),
    ownerId: z.string(),
    title: z.string(),
    type: z.string(),
    description: z.string(),
    language: z.string(),
    status: z.enum(BOOK_STATUSES),
    targetWordCount: z.int().nullable(),
    wordCount: z.int().describe("sum of the chapters' word counts"),
    chapterCount: z.int(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    deleted: z.boolean().describe("in the trash"),
    deletedAt: z.iso.datetime().nullable(),
    cover: storedPictureSchema.nullable().describe("the cover the EPUB export carries (PUT /api/v1/books/{bookId}/cover); null: none"),
    role: z.enum(BOOK_ROLES).describe("the caller's role on the book: owner, or what the owner made them (an admin acts as the owner)"),
  })
  .meta({ id: "Book" });
export type BookDto = z.infer<typeof bookSchema>;

/** The columns a book is read with. */
export const bookColumns = [
  "id",
  "ownerId",
  "title",
  "type",
  "description",
  "language",
  "status",
  "targetWordCount",
  "wordCount",
  "chapterCount",
  "createdAt",
  "updatedAt",
  "deletedAt",
  "purgedAt",
  "coverMediaType",
  "coverSize",
  "coverUpdatedAt",
] as const;

export type BookRow = Pick<Selectable<Book>, (typeof bookColumns)[number]>;

export function toBookDto(row: BookRow, role: BookRole): BookDto {
  return {
    id: row.id,
    ownerId: row.ownerId,
    title: row.title,
    type: row.type,
    description: row.description,
    language: row.language,
    status: (BOOK_STATUSES as readonly string[]).includes(row.status) ? (row.status as BookDto["status"]) : "drafting",
    targetWordCount: row.targetWordCount,
    wordCount: row.wordCount,
    chapterCount: row.chapterCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    deleted: row.deletedAt !== null,
    deletedAt: row.deletedAt === null ? null : row.deletedAt.toISOString(),
    cover: storedPicture({ mediaType: row.coverMediaType, size: row.coverSize, updatedAt: row.coverUpdatedAt }, `/api/v1/books/${row.id}/cover`),
    role,
  };
}
