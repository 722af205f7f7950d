import { z } from "zod";
import { fieldCheck } from "../errors";
import { storedText } from "../text/stored-text";

// Foreshadowing (伏笔), issue 35 item 3 (decision 0501): a setup, where it is paid off, or the
// chapter it must be paid off by. Shared by REST, tRPC, the OpenAPI document, the board and the CLI.

/** The longest stretch of text a setup or payoff names: a few paragraphs, as a comment's quote. */
export const MAX_PASSAGE_LENGTH = 5_000;
/** A book's foreshadowings at most: the board shows them all, so the list is bounded. */
export const MAX_FORESHADOWINGS_PER_BOOK = 2_000;
/** The highest chapter number a deadline may name: far beyond any serial (the longest run past 10,000). */
export const MAX_CHAPTER_NUMBER = 100_000;

export const FORESHADOWING_STATES = ["planted", "paid_off", "dropped"] as const;
export type ForeshadowingState = (typeof FORESHADOWING_STATES)[number];
/** The board's columns: "overdue" and "open" are the planted ones, past their deadline or not. */
export const FORESHADOWING_STATUSES = ["overdue", "open", "paid_off", "dropped"] as const;
export type ForeshadowingStatus = (typeof FORESHADOWING_STATUSES)[number];

const id = z.string().min(1).max(64);
export const foreshadowingParams = z.object({ bookId: id, foreshadowingId: id });

export const foreshadowingTitle = storedText().trim().min(1, "a foreshadowing needs a title").max(200, "a title can be at most 200 characters");
const note = storedText().max(10_000, "a note can be at most 10,000 characters").describe("plain text: what is hinted and how it should land");

/** Where a setup or payoff is: a chapter, optionally a scene of it and the very words. */
export const passageInput = z
  .strictObject({
    chapterId: id.describe("a chapter of this book, out of the trash"),
    sceneId: id.optional().describe("a scene of that chapter"),
    start: z.int().min(0).optional().describe("where the words start in the chapter's text, in UTF-16 code units; with `end`"),
    end: z.int().min(1).optional().describe("where they end (exclusive)"),
    quote: storedText()
      .min(1)
      .max(MAX_PASSAGE_LENGTH)
      .optional()
      .describe("the words as the caller sees them: where the text at [start, end) differs, they are placed where they occur nearest `start`; words the chapter does not hold are 422"),
  })
  .refine((p) => (p.start === undefined) === (p.end === undefined), { ...fieldCheck("startWithEnd", "give start and end together, or neither"), path: ["end"] })
  .refine((p) => p.start === undefined || p.end! > p.start, { ...fieldCheck("endBeforeStart", "end must come after start"), path: ["end"] })
  .refine((p) => p.start === undefined || p.end! - p.start <= MAX_PASSAGE_LENGTH, { ...fieldCheck("passageTooLong", `name at most ${MAX_PASSAGE_LENGTH} characters`, { maximum: MAX_PASSAGE_LENGTH }), path: ["end"] })
  .refine((p) => p.quote === undefined || p.start !== undefined, { ...fieldCheck("quoteWithoutPlace", "a quote needs start and end (where the caller saw it)"), path: ["quote"] });
export type PassageInput = z.output<typeof passageInput>;

/** The chapter it must be paid off by: a chapter of the book, or a chapter number not yet written. */
export const deadlineInput = z.union([
  z.strictObject({ chapterId: id.describe("a chapter of this book: the deadline moves with it when chapters are reordered") }),
  z.strictObject({ chapterNumber: z.int().min(1).max(MAX_CHAPTER_NUMBER).describe("the chapter number in reading order (1-based), written or not: 回收 by chapter 300") }),
]);
export type DeadlineInput = z.output<typeof deadlineInput>;

export const createForeshadowingInput = z
  .strictObject({
    title: foreshadowingTitle,
    note: note.optional(),
    setup: passageInput.describe("where it is planted"),
    payoff: passageInput.optional().describe("where it is paid off (it is then paid off at once)"),
    deadline: deadlineInput.optional().describe("the chapter it must be paid off by"),
  })
  .meta({ id: "CreateForeshadowing" });
export type CreateForeshadowingInput = z.output<typeof createForeshadowingInput>;

export const updateForeshadowingInput = z
  .strictObject({
    title: foreshadowingTitle.optional(),
    note: note.optional(),
    setup: passageInput.optional(),
    payoff: passageInput.nullable().optional().describe("where it is paid off: naming one pays it off; null takes the payoff back (planted again)"),
    deadline: deadlineInput.nullable().optional().describe("null: no deadline"),
    state: z.enum(FORESHADOWING_STATES).optional().describe("planted (reopen), paid_off (needs a payoff, given or kept) or dropped (abandoned on purpose)"),
  })
  .refine((input) => Object.keys(input).length > 0, fieldCheck("nothingToChange", "change at least one attribute"))
  .meta({ id: "UpdateForeshadowing" });
export type UpdateForeshadowingInput = z.output<typeof updateForeshadowingInput>;

export const listForeshadowingQuery = z.strictObject({
  status: z.enum(FORESHADOWING_STATUSES).optional().describe("only this column of the board"),
  chapterId: id.optional().describe("only those planted, paid off or due in this chapter"),
});

const chapterRef = z
  .object({
    id: z.string(),
    title: z.string(),
    number: z.int().nullable().describe("its place in the reading order (1-based); null: in the trash"),
  })
  .describe("the chapter");

const passageSchema = z.object({
  chapter: chapterRef,
  sceneId: z.string().nullable(),
  words: z
    .object({
      quote: z.string(),
      start: z.int().nullable().describe("null: the words were deleted (detached); they attach again when they come back"),
      end: z.int().nullable(),
    })
    .nullable()
    .describe("the very words, kept in place through every edit; null: the chapter as a whole"),
});

export const foreshadowingSchema = z
  .object({
    id: z.string(),
    bookId: z.string(),
    title: z.string(),
    note: z.string(),
    state: z.enum(FORESHADOWING_STATES),
    status: z.enum(FORESHADOWING_STATUSES).describe("the board's column: overdue = planted, and the book is written through its deadline chapter"),
    setup: passageSchema,
    payoff: passageSchema.nullable(),
    deadline: z
      .object({
        chapterId: z.string().nullable().describe("the deadline chapter, when it names one"),
        title: z.string().nullable().describe("the deadline chapter's title, or the title of the chapter now at that number; null: not written yet"),
        number: z.int().nullable().describe("the chapter number it is due by (a deadline chapter's current place); null: that chapter is in the trash"),
      })
      .nullable(),
    chaptersLeft: z.int().nullable().describe("planted with a deadline: chapters the book may still grow by before it is overdue (0 or less: overdue)"),
    warnings: z.array(z.enum(["payoff_before_setup", "deadline_before_setup", "chapter_in_trash"])).describe("payoff_before_setup: paid off earlier in the reading order (a flashback?); deadline_before_setup: a reorder put the deadline chapter first; chapter_in_trash: a chapter it names is in the trash"),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    settledAt: z.iso.datetime().nullable().describe("when it was paid off or dropped"),
  })
  .meta({ id: "Foreshadowing" });
export type ForeshadowingDto = z.infer<typeof foreshadowingSchema>;

export const foreshadowingSummarySchema = z
  .object({
    overdue: z.int(),
    open: z.int(),
    paidOff: z.int(),
    dropped: z.int(),
    writtenThrough: z.int().describe("the last chapter (reading order) that holds text: the book has grown this far"),
  })
  .meta({ id: "ForeshadowingSummary" });
export type ForeshadowingSummary = z.infer<typeof foreshadowingSummarySchema>;
