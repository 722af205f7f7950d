import type { Selectable } from "kysely";
import { z } from "zod";
import { fieldCheck } from "../errors";
import type { Chapter } from "../generated/kysely/database";
import { storedText, utf8Length } from "../text/stored-text";
import { MAX_CHAPTER_BYTES } from "./limits.mjs";

export { CHAPTER_BODY_LIMIT, MAX_CHAPTER_BYTES } from "./limits.mjs";

export const chapterTitle = storedText().trim().min(1, "a chapter title cannot be empty").max(200, "a chapter title can be at most 200 characters");
export const chapterContent = storedText()
  .refine((text) => text.length <= MAX_CHAPTER_BYTES && utf8Length(text) <= MAX_CHAPTER_BYTES, fieldCheck("chapterTooLong", "a chapter holds at most 5 MiB of text (UTF-8)"))
  .describe("Markdown, at most 5 MiB (5,242,880 bytes) in UTF-8");
export const versionNumber = z.int().min(1).describe("the chapter version this edit was made against");

export const chapterParams = z.object({ bookId: z.string().min(1).max(64), chapterId: z.string().min(1).max(64) });
export const revisionParams = chapterParams.extend({ version: z.coerce.number().int().min(1) });

export const uploadChapterInput = z
  .strictObject({
    content: chapterContent,
    title: chapterTitle.optional().describe("defaults to the text of a leading Markdown heading"),
  })
  .meta({ id: "UploadChapter" });

/** PUT: title and content both, plus the version edited (or an If-Match header). */
export const replaceChapterInput = z
  .strictObject({ title: chapterTitle, content: chapterContent, version: versionNumber.optional() })
  .meta({ id: "ReplaceChapter" });

/** A save must change something: refines PATCH here and chapters.save in tRPC alike. */
export const namesTitleOrContent = [
  (p: { title?: string; content?: string }) => p.title !== undefined || p.content !== undefined,
  fieldCheck("nothingToChange", "name a title or content to save"),
] as const;

/** PATCH: title and/or content, plus the version edited (or an If-Match header). */
export const patchChapterInput = z
  .strictObject({ title: chapterTitle.optional(), content: chapterContent.optional(), version: versionNumber.optional() })
  .refine(...namesTitleOrContent)
  .meta({ id: "PatchChapter" });

export const reorderChaptersInput = z
  .strictObject({
    chapterIds: z.array(z.string().min(1)).describe("every chapter of the book, in the new order; each keeps its part, whose chapters must stay together"),
    orderVersion: z.int().min(1).optional().describe("the book's order version the new order was made against (GET …/contents); a stale one is 409"),
  })
  .meta({ id: "ChapterOrder" });

export const restoreRevisionInput = z
  .strictObject({
    revision: z.int().min(1).describe("the version to bring back"),
    version: versionNumber.optional(),
  })
  .meta({ id: "Restoration" });

export const chapterSummarySchema = z
  .object({
    id: z.string(),
    bookId: z.string(),
    title: z.string(),
    position: z.int().describe("1-based place in the book"),
    partId: z.string().nullable().describe("the part (卷) it belongs to; null: none"),
    wordCount: z.int(),
    version: z.int(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: "ChapterSummary" });
export const chapterSchema = chapterSummarySchema.extend({ content: z.string() }).meta({ id: "Chapter" });
/** A chapter in a list: its text only when asked for (include=content), and then up to a page's limit. */
export const chapterListItemSchema = chapterSummarySchema
  .extend({
    content: z.string().optional(),
    contentOmitted: z
      .literal(true)
      .optional()
      .describe("include=content, but the page already carries its limit of text (PAGE_CONTENT_BYTES, 4 MiB): read this chapter's text with GET …/chapters/{id}"),
  })
  .meta({ id: "ChapterListItem" });
export type ChapterSummaryDto = z.infer<typeof chapterSummarySchema>;
export type ChapterDto = z.infer<typeof chapterSchema>;
export type ChapterListItemDto = z.infer<typeof chapterListItemSchema>;

export const revisionSummarySchema = z
  .object({
    version: z.int(),
    title: z.string(),
    wordCount: z.int(),
    createdAt: z.iso.datetime(),
    kind: z.string().describe('why it exists: "save", "upload", "import", "restore", "replace" (a book-wide replace), "undo" (its undo), "suggestion" (suggested edits accepted) or "scenes" (scenes reordered, moved, added or deleted)'),
    changeSetId: z.string().nullable().describe("the book-wide replace (or its undo) that wrote it"),
    authorId: z.string().nullable().describe("the user whose change wrote this version; null for versions written before authors were recorded"),
    authorName: z.string().nullable().describe("that user's name as their account gives it now; null when no author is recorded, the account has no name or is gone"),
    snapshotId: z.string().nullable().describe("a restore from a named snapshot: the snapshot it came from (it may have been deleted since)"),
    snapshotName: z.string().nullable().describe("that snapshot's name; null when none, or when it was deleted since"),
    suggestedById: z
      .string()
      .nullable()
      .describe("kind suggestion: the user who suggested what the author accepted; null otherwise, or when one acceptance took several people's suggestions (each suggestion names its acceptedVersion)"),
    suggestedByName: z.string().nullable().describe("that user's name (or e-mail) as their account gives it now; null when none or the account is gone"),
  })
  .meta({ id: "RevisionSummary" });
export const revisionSchema = revisionSummarySchema.extend({ content: z.string() }).meta({ id: "Revision" });
export type RevisionSummaryDto = z.infer<typeof revisionSummarySchema>;
export type RevisionDto = z.infer<typeof revisionSchema>;

/** The columns a chapter is read with, without and with its text. */
export const chapterSummaryColumns = ["id", "bookId", "title", "position", "partId", "wordCount", "version", "createdAt", "updatedAt"] as const;
export const chapterColumns = [...chapterSummaryColumns, "content"] as const;

export type ChapterSummaryRow = Pick<Selectable<Chapter>, (typeof chapterSummaryColumns)[number]>;
export type ChapterRow = Pick<Selectable<Chapter>, (typeof chapterColumns)[number]>;

export function toChapterSummaryDto(row: ChapterSummaryRow): ChapterSummaryDto {
  return {
    id: row.id,
    bookId: row.bookId,
    title: row.title,
    position: row.position,
    partId: row.partId,
    wordCount: row.wordCount,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toChapterDto(row: ChapterSummaryRow & { content: string }): ChapterDto {
  return { ...toChapterSummaryDto(row), content: row.content };
}

export function toRevisionSummaryDto(row: {
  version: number;
  title: string;
  wordCount: number;
  createdAt: Date;
  kind: string;
  changeSetId: string | null;
  authorId: string | null;
  authorName: string | null;
  snapshotId: string | null;
  snapshotName: string | null;
  suggestedById: string | null;
  suggestedByName: string | null;
  suggestedByEmail: string | null;
}): RevisionSummaryDto {
  const { version, title, wordCount, kind, changeSetId, authorId, snapshotId, snapshotName, suggestedById } = row;
  // Named as comments name people (server/users/shown-name.ts): the name they gave, else their e-mail.
  const suggestedByName = suggestedById ? row.suggestedByName || row.suggestedByEmail || null : null;
  return { version, title, wordCount, createdAt: row.createdAt.toISOString(), kind, changeSetId, authorId, authorName: row.authorName || null, snapshotId, snapshotName, suggestedById, suggestedByName };
}
