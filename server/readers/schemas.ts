import { z } from "zod";
import { bookIdParams } from "../books/schemas";
import { MAX_COMMENT_LENGTH } from "../comments/schemas";
import { storedText } from "../text/stored-text";

/**
 * Beta readers on a shared snapshot (issue 36 item 5, decision 0497): the schemas every transport,
 * the pages and the CLI share.
 */
const ID = z.string().min(1).max(64);

/** The reactions a reader may leave on a paragraph: one of these per reader per paragraph. */
export const REACTIONS = ["👍", "❤️", "😂", "😮", "😢", "❓"] as const;
export type Reaction = (typeof REACTIONS)[number];

/** A chapter of at most this many paragraphs is all a place or a reaction can name (a bound, not a limit writers meet). */
const PARAGRAPH = z.int().min(0).max(1_000_000);

export const readingChapterParams = bookIdParams.extend({ chapterId: ID });

export const sharingInput = z
  .strictObject({
    snapshotId: ID.nullable().describe("the snapshot the book's readers read; null: share none (readers then read nothing)"),
    showNames: z.boolean().default(false).describe("name readers in the owner's view (their account's name); false: Reader 1, 2 …, stable per book"),
  })
  .meta({ id: "ReaderSharing" });

export const sharingSchema = z
  .object({
    snapshot: z.object({ id: z.string(), name: z.string(), createdAt: z.iso.datetime() }).nullable().describe("the snapshot shared with readers; null: none"),
    showNames: z.boolean(),
  })
  .meta({ id: "ReaderSharingState" });
export type SharingDto = z.infer<typeof sharingSchema>;

export const placeSchema = z
  .object({
    paragraph: z.int().describe("0-based paragraph of the snapshot's chapter the reader is at"),
    finished: z.boolean().describe("they reached the chapter's end (once, it stays)"),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: "ReadingPlace" });
export type PlaceDto = z.infer<typeof placeSchema>;

export const readingSchema = z
  .object({
    book: z.object({ id: z.string(), title: z.string() }),
    snapshot: z.object({ id: z.string(), name: z.string(), note: z.string(), createdAt: z.iso.datetime() }),
    chapters: z
      .array(z.object({ chapterId: z.string(), title: z.string(), position: z.int(), wordCount: z.int(), place: placeSchema.nullable() }))
      .describe("the snapshot's chapters the caller may read, in their order then: a beta reader, only those released to readers"),
    resume: z.object({ chapterId: z.string(), paragraph: z.int() }).nullable().describe("where the caller read last, on any device; null: not started"),
  })
  .meta({ id: "Reading" });
export type ReadingDto = z.infer<typeof readingSchema>;

export const paragraphCommentSchema = z
  .object({ id: z.string(), paragraph: z.int(), body: z.string().describe("plain text, never markup"), createdAt: z.iso.datetime() })
  .meta({ id: "ParagraphComment" });
export type ParagraphCommentDto = z.infer<typeof paragraphCommentSchema>;

export const readingChapterSchema = z
  .object({
    snapshotId: z.string(),
    chapterId: z.string(),
    title: z.string(),
    position: z.int(),
    paragraphs: z.array(z.string()).describe("the chapter's text as the snapshot holds it, without the writer's private notes, one entry per paragraph (a run of non-blank lines): a place and a reaction name a paragraph by its index here"),
    place: placeSchema.nullable(),
    reactions: z.array(z.object({ paragraph: z.int(), reaction: z.enum(REACTIONS) })).describe("the caller's own reactions"),
    comments: z.array(paragraphCommentSchema).describe("the caller's own comments on its paragraphs, oldest first (never another reader's)"),
    previousChapterId: z.string().nullable(),
    nextChapterId: z.string().nullable(),
  })
  .meta({ id: "ReadingChapter" });
export type ReadingChapterDto = z.infer<typeof readingChapterSchema>;

export const placeInput = z
  .strictObject({
    paragraph: PARAGRAPH.describe("0-based paragraph the reader is at (422 past the chapter's last)"),
    finished: z.boolean().default(false).describe("true: they reached the chapter's end"),
  })
  .meta({ id: "SetReadingPlace" });

export const reactionInput = z
  .strictObject({
    paragraph: PARAGRAPH.describe("0-based paragraph (422 past the chapter's last)"),
    reaction: z.enum(REACTIONS).describe("the same reaction again takes it back; another replaces it"),
  })
  .meta({ id: "ParagraphReactionToggle" });

export const paragraphCommentInput = z
  .strictObject({
    paragraph: PARAGRAPH.describe("0-based paragraph (422 past the chapter's last)"),
    body: storedText().trim().min(1, "write something").max(MAX_COMMENT_LENGTH).describe("plain text (never markup): what the reader thought of the paragraph"),
  })
  .meta({ id: "CommentOnParagraph" });

export const reactionSchema = z
  .object({ paragraph: z.int(), reaction: z.enum(REACTIONS).nullable().describe("the caller's reaction now; null: taken back") })
  .meta({ id: "ParagraphReaction" });
export type ReactionDto = z.infer<typeof reactionSchema>;

export const reportQuery = z.strictObject({
  snapshotId: ID.optional().describe("another snapshot of the book than the one shared now"),
});

const countsSchema = z.partialRecord(z.enum(REACTIONS), z.int()).describe("how many readers left each reaction (only those left)");

export const readersReportSchema = z
  .object({
    sharing: sharingSchema,
    snapshotId: z.string().nullable().describe("the snapshot reported on; null: none shared and none asked for"),
    readers: z.array(z.object({ label: z.string().describe('their name when the owner shows names, else "Reader N", stable per book') })),
    chapters: z.array(
      z.object({
        chapterId: z.string(),
        title: z.string(),
        position: z.int(),
        paragraphCount: z.int(),
        started: z.int().describe("readers who opened it"),
        finished: z.int().describe("readers who reached its end"),
        stops: z
          .array(z.object({ reader: z.string(), paragraph: z.int(), excerpt: z.string().describe("the paragraph's first 120 characters"), finished: z.boolean() }))
          .describe("where each reader is, or stopped"),
        reactions: z.array(z.object({ paragraph: z.int(), excerpt: z.string(), counts: countsSchema })).describe("per paragraph reacted to, in text order"),
        comments: z
          .array(z.object({ reader: z.string(), paragraph: z.int(), excerpt: z.string(), body: z.string(), createdAt: z.iso.datetime() }))
          .describe("readers' comments on its paragraphs, in text order, then oldest first"),
      }),
    ),
  })
  .meta({ id: "ReadersReport" });
export type ReadersReportDto = z.infer<typeof readersReportSchema>;
