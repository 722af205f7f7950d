import { z } from "zod";
import { fieldCheck } from "../errors";
import { chapterParams } from "../chapters/schemas";
import { storedText } from "../text/stored-text";

/** A comment's words: plain text, shown as text and never run as markup. */
export const MAX_COMMENT_LENGTH = 10_000;
/** The longest stretch of text one comment quotes: a few paragraphs. */
export const MAX_QUOTE_LENGTH = 5_000;

const id = z.string().min(1).max(64);
export const threadParams = z.object({ bookId: id, threadId: id });
export const commentParams = threadParams.extend({ commentId: id });
export { chapterParams };

const body = storedText()
  .trim()
  .min(1, "write something")
  .max(MAX_COMMENT_LENGTH)
  .describe("plain text (never markup); `@Name` or `@email` of someone on the book mentions them");

export const createThreadInput = z
  .strictObject({
    start: z.number().int().min(0).describe("where the commented text starts in the chapter's text, in UTF-16 code units as JavaScript counts"),
    end: z.number().int().min(1).describe("where it ends (exclusive)"),
    quote: storedText()
      .min(1)
      .max(MAX_QUOTE_LENGTH)
      .optional()
      .describe(
        "the commented text as the caller sees it. When the chapter's text at [start, end) differs (the caller's copy is a moment old, or a reader's view without the writer's notes), the quote is placed where it occurs nearest `start`; a quote the chapter does not hold is 422",
      ),
    body,
  })
  .refine((input) => input.end > input.start, { ...fieldCheck("endBeforeStart", "end must come after start"), path: ["end"] })
  .refine((input) => input.end - input.start <= MAX_QUOTE_LENGTH, { ...fieldCheck("passageTooLong", `comment on at most ${MAX_QUOTE_LENGTH} characters`, { maximum: MAX_QUOTE_LENGTH }), path: ["end"] })
  .meta({ id: "CreateCommentThread" });
export type CreateThreadInput = z.output<typeof createThreadInput>;

export const replyInput = z.strictObject({ body }).meta({ id: "CommentReply" });
export const editCommentInput = z.strictObject({ body }).meta({ id: "EditComment" });
export const updateThreadInput = z
  .strictObject({ resolved: z.boolean().describe("true resolves the thread (it stays findable), false reopens it") })
  .meta({ id: "UpdateCommentThread" });

const person = z.object({ id: z.string(), name: z.string() }).nullable().describe("null: an account since deleted");

export const commentSchema = z
  .object({
    id: z.string(),
    author: person,
    body: z.string(),
    mentions: z.array(z.object({ id: z.string(), name: z.string() })).describe("the people on the book this comment names"),
    createdAt: z.iso.datetime(),
    editedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: "Comment" });
export type CommentDto = z.infer<typeof commentSchema>;

export const THREAD_STATES = ["open", "resolved"] as const;

export const threadSchema = z
  .object({
    id: z.string(),
    bookId: z.string(),
    chapterId: z.string(),
    chapterTitle: z.string(),
    quote: z.string().describe("the text commented on, as it stood when last placed"),
    start: z.number().int().nullable().describe("where the quote stands in the chapter's text now (UTF-16); null: detached"),
    end: z.number().int().nullable(),
    detached: z.boolean().describe("the quoted words were deleted: the thread keeps its quote, and attaches again if they return"),
    resolved: z.boolean(),
    resolvedAt: z.iso.datetime().nullable(),
    resolvedBy: person,
    author: person,
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    comments: z.array(commentSchema).describe("the opening comment first, then the replies in order"),
  })
  .meta({ id: "CommentThread" });
export type ThreadDto = z.infer<typeof threadSchema>;
