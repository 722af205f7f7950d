import { z } from "zod";
import { fieldCheck } from "../errors";
import { chapterParams } from "../chapters/schemas";
import { MAX_QUOTE_LENGTH } from "../comments/schemas";
import { storedText } from "../text/stored-text";

/** The longest text one suggestion proposes: a few paragraphs, as a quote is. */
export const MAX_REPLACEMENT_LENGTH = 10_000;

const id = z.string().min(1).max(64);
export const suggestionParams = z.object({ bookId: id, suggestionId: id });
export { chapterParams };

export const SUGGESTION_STATES = ["open", "accepted", "rejected"] as const;
export type SuggestionState = (typeof SUGGESTION_STATES)[number];

export const createSuggestionInput = z
  .strictObject({
    start: z.number().int().min(0).describe("where the words to replace start in the chapter's text, in UTF-16 code units as JavaScript counts"),
    end: z.number().int().min(1).describe("where they end (exclusive); a suggestion replaces at least one character (to insert, include a neighbouring word)"),
    quote: storedText()
      .min(1)
      .max(MAX_QUOTE_LENGTH)
      .optional()
      .describe("the words to replace as the caller sees them. When the chapter's text at [start, end) differs, they are placed where they occur nearest `start`; words the chapter does not hold are 422"),
    replacement: storedText().max(MAX_REPLACEMENT_LENGTH).describe('the text proposed in their place ("" suggests deleting them)'),
  })
  .refine((input) => input.end > input.start, { ...fieldCheck("endBeforeStart", "end must come after start"), path: ["end"] })
  .refine((input) => input.end - input.start <= MAX_QUOTE_LENGTH, { ...fieldCheck("passageTooLong", `suggest a change to at most ${MAX_QUOTE_LENGTH} characters`, { maximum: MAX_QUOTE_LENGTH }), path: ["end"] })
  .meta({ id: "CreateSuggestion" });
export type CreateSuggestionInput = z.output<typeof createSuggestionInput>;

const decision = z.enum(["accepted", "rejected"]).describe("accepted: the text takes the suggestion, as a new version naming the suggester; rejected: the text stays as it is");
export const decideSuggestionInput = z.strictObject({ state: decision }).meta({ id: "DecideSuggestion" });
export const decideChapterInput = z
  .strictObject({ state: decision.describe("accepted: every open suggestion of the chapter that can be applied together goes into one new version; rejected: every open one is rejected") })
  .meta({ id: "DecideChapterSuggestions" });

const person = z.object({ id: z.string(), name: z.string() }).nullable().describe("null: an account since deleted");

export const suggestionSchema = z
  .object({
    id: z.string(),
    bookId: z.string(),
    chapterId: z.string(),
    chapterTitle: z.string(),
    quote: z.string().describe("the words to replace, exactly as they stood when suggested"),
    replacement: z.string().describe('the text proposed in their place ("" deletes them)'),
    start: z.number().int().nullable().describe("where the quote stands in the chapter's text now (UTF-16); null: the quoted words are not in the text now"),
    end: z.number().int().nullable(),
    stale: z.boolean().describe("the quoted words are not in the text now (they were changed or deleted): accepting is refused (409 suggestion_stale) until they are back"),
    state: z.enum(SUGGESTION_STATES),
    author: person.describe("who suggested it; null: an account since deleted"),
    decidedBy: person.describe("who accepted or rejected it; null while open"),
    decidedAt: z.iso.datetime().nullable(),
    acceptedVersion: z.int().nullable().describe("the chapter version accepting it wrote"),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "Suggestion" });
export type SuggestionDto = z.infer<typeof suggestionSchema>;

export const chapterDecisionSchema = z
  .object({
    chapterId: z.string(),
    version: z.int().describe("the chapter's version after the decision (unchanged when nothing was accepted)"),
    decided: z.array(suggestionSchema).describe("the suggestions accepted (in one new version) or rejected"),
    left: z
      .array(suggestionSchema)
      .describe("open suggestions an accept-all left open: stale ones, and ones overlapping a suggestion accepted before them (decide each alone)"),
  })
  .meta({ id: "ChapterSuggestionsDecision" });
export type ChapterDecisionDto = z.infer<typeof chapterDecisionSchema>;
