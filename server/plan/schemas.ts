import { z } from "zod";
import { fieldCheck } from "../errors";
import { storedText } from "../text/stored-text";

/**
 * The plan of a book (issue 35 item 2, decision 0500): each part, chapter and scene has a synopsis,
 * a status, a POV character and the characters present (story-bible entries), labels, plotlines, a
 * target length and a story date and time. Plotlines and labels belong to the book. These schemas
 * serve REST, tRPC, the OpenAPI document, the outline page and the CLI.
 */

const id = z.string().min(1).max(64);

export const PLAN_STATUSES = ["idea", "outline", "draft", "revised", "done"] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];
export const planStatus = z.enum(PLAN_STATUSES);

/** The kinds of item a plan belongs to, as they are spelled in paths (…/plan/chapters/{itemId}). */
export const PLAN_KINDS = ["parts", "chapters", "scenes"] as const;
export type PlanKind = (typeof PLAN_KINDS)[number];

export const MAX_SYNOPSIS = 5000;
export const MAX_TARGET_WORDS = 10_000_000;
/** A plan names at most this many characters, labels or plotlines: more is a list, not a plan. */
export const MAX_PLAN_LINKS = 100;
/** A book has at most this many plotlines, and this many labels. */
export const MAX_NAMED_PER_BOOK = 200;

// ---- story date and time ----

/** A day on the story's own calendar: "day 12" (an invented calendar counts days, not months). */
export type StoryDate = { date: string; day: null } | { date: null; day: number };

// Each pattern is anchored, without nested or overlapping quantifiers: linear on any input.
const CALENDAR_DATE = /^(-?\d{1,6})-(\d{2})-(\d{2})$/;
const DAY_NUMBER = /^(?:day|第)\s?(-?\d{1,7})\s?天?$/i;
const CLOCK_TIME = /^(\d{1,2}):(\d{2})$/;

/**
 * Reads a story date: a calendar date `YYYY-MM-DD` that exists (2023-02-29 does not; years may be
 * negative or past 9999 for history and the far future), or `day N` / `第N天` for an invented
 * calendar. null: not a date. Longer input is refused before any pattern runs.
 */
export function parseStoryDate(text: string): StoryDate | null {
  const given = text.trim();
  if (given.length > 20) return null;
  const calendar = CALENDAR_DATE.exec(given);
  if (calendar) {
    const [year, month, day] = [Number(calendar[1]), Number(calendar[2]), Number(calendar[3])];
    if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return null;
    return { date: given, day: null };
  }
  const counted = DAY_NUMBER.exec(given);
  if (counted) return { date: null, day: Number(counted[1]) };
  return null;
}

function daysIn(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** How a story date is written back: the calendar date as given, or `day N`. */
export function formatStoryDate(stored: { storyDate: string | null; storyDay: number | null }): string | null {
  if (stored.storyDate !== null) return stored.storyDate;
  if (stored.storyDay !== null) return `day ${stored.storyDay}`;
  return null;
}

/** Reads `HH:MM` (24-hour clock; 9:05 reads as 09:05). null: not a time. */
export function parseStoryTime(text: string): string | null {
  const given = text.trim();
  if (given.length > 5) return null;
  const clock = CLOCK_TIME.exec(given);
  if (!clock) return null;
  const [hours, minutes] = [Number(clock[1]), Number(clock[2])];
  if (hours > 23 || minutes > 59) return null;
  return `${String(hours).padStart(2, "0")}:${clock[2]}`;
}

const storyDateInput = z
  .string()
  .max(40)
  .refine((text) => parseStoryDate(text) !== null, fieldCheck("storyDate", "a story date is a calendar date YYYY-MM-DD that exists, or a day number: day 12 (第12天)"))
  .describe("a calendar date YYYY-MM-DD, or `day N` for an invented calendar; null clears it (and the time)");
const storyTimeInput = z
  .string()
  .max(10)
  .refine((text) => parseStoryTime(text) !== null, fieldCheck("storyTime", "a story time is HH:MM on a 24-hour clock"))
  .describe("HH:MM, 24-hour; null clears it");

// ---- colours, names ----

export const colour = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, "a colour is #rrggbb")
  .transform((text) => text.toLowerCase())
  .describe("#rrggbb");
export const planName = storedText().trim().min(1, "a name cannot be empty").max(80, "a name can be at most 80 characters");

/** The colours a plotline or label gets when none is given, in turn: distinct, and readable on white. */
export const PLAN_PALETTE = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22"] as const;

// ---- inputs ----

export const planItemParams = z.object({ bookId: id, kind: z.enum(PLAN_KINDS), itemId: id });

const linkList = (what: string) =>
  z
    .array(id)
    .max(MAX_PLAN_LINKS, `at most ${MAX_PLAN_LINKS} ${what}`)
    .refine((ids) => new Set(ids).size === ids.length, fieldCheck("namedTwice", `names a ${what.replace(/s$/, "")} twice`));

export const updatePlanInput = z
  .strictObject({
    synopsis: storedText().max(MAX_SYNOPSIS, `a synopsis can be at most ${MAX_SYNOPSIS} characters`).describe("what happens, in a few lines"),
    status: planStatus.nullable().describe("idea, outline, draft, revised, done; null: none yet"),
    povId: id.nullable().describe("the point-of-view character: a story-bible entry (kind character) of the book or its series; null: none"),
    characterIds: linkList("characters").describe("the characters present, each a story-bible character of the book or its series (replaces the list)"),
    labelIds: linkList("labels").describe("the book's labels on this item (replaces the list)"),
    plotlineIds: linkList("plotlines").describe("the book's plotlines this item carries (replaces the list)"),
    targetWords: z.int().min(1).max(MAX_TARGET_WORDS).nullable().describe("the length aimed at, in words (字 in a CJK book); null: none"),
    storyDate: storyDateInput.nullable(),
    storyTime: storyTimeInput.nullable(),
  })
  .partial()
  .refine((changes) => Object.keys(changes).length > 0, fieldCheck("nothingToChange", "name at least one field to change"))
  .meta({ id: "UpdatePlan" });
export type UpdatePlanInput = z.infer<typeof updatePlanInput>;

export const outlineQuery = z.strictObject({
  pov: id.optional().describe("only items whose POV is this bible entry"),
  plotline: id.optional().describe("only items that carry this plotline"),
  label: id.optional().describe("only items with this label"),
  status: z.enum([...PLAN_STATUSES, "none"]).optional().describe("only items with this status (none: without one)"),
});
export type OutlineFilters = z.infer<typeof outlineQuery>;

export const plotlineParams = z.object({ bookId: id, plotlineId: id });
export const labelParams = z.object({ bookId: id, labelId: id });

export const createPlotlineInput = z.strictObject({ name: planName, colour: colour.optional() }).meta({ id: "CreatePlotline" });
export const updatePlotlineInput = z
  .strictObject({
    name: planName,
    colour,
    position: z.int().min(1).describe("its new 1-based place among the book's plotlines (past the last: last)"),
  })
  .partial()
  .refine((changes) => Object.keys(changes).length > 0, fieldCheck("nothingToChange", "name at least one field to change"))
  .meta({ id: "UpdatePlotline" });
export const createLabelInput = z.strictObject({ name: planName, colour: colour.optional() }).meta({ id: "CreateLabel" });
export const updateLabelInput = z
  .strictObject({ name: planName, colour })
  .partial()
  .refine((changes) => Object.keys(changes).length > 0, fieldCheck("nothingToChange", "name at least one field to change"))
  .meta({ id: "UpdateLabel" });

// ---- outputs ----

export const plotlineSchema = z
  .object({ id: z.string(), bookId: z.string(), name: z.string(), colour: z.string(), position: z.int(), createdAt: z.iso.datetime(), updatedAt: z.iso.datetime() })
  .meta({ id: "Plotline" });
export type PlotlineDto = z.infer<typeof plotlineSchema>;

export const labelSchema = z
  .object({ id: z.string(), bookId: z.string(), name: z.string(), colour: z.string(), createdAt: z.iso.datetime(), updatedAt: z.iso.datetime() })
  .meta({ id: "Label" });
export type LabelDto = z.infer<typeof labelSchema>;

export const planSchema = z
  .object({
    synopsis: z.string(),
    status: planStatus.nullable(),
    povId: z.string().nullable(),
    characterIds: z.array(z.string()),
    labelIds: z.array(z.string()),
    plotlineIds: z.array(z.string()),
    targetWords: z.int().nullable(),
    storyDate: z.string().nullable().describe("YYYY-MM-DD, or `day N`"),
    storyTime: z.string().nullable().describe("HH:MM"),
    updatedAt: z.iso.datetime().nullable().describe("when it was last changed; null: never planned"),
  })
  .meta({ id: "Plan" });
export type PlanDto = z.infer<typeof planSchema>;

export const EMPTY_PLAN: PlanDto = {
  synopsis: "",
  status: null,
  povId: null,
  characterIds: [],
  labelIds: [],
  plotlineIds: [],
  targetWords: null,
  storyDate: null,
  storyTime: null,
  updatedAt: null,
};

export const planItemSchema = z
  .object({
    kind: z.enum(["part", "chapter", "scene"]),
    id: z.string(),
    title: z.string().describe('the writer\'s title; "" for a scene without one, which reads as Scene N (N its scenePosition)'),
    scenePosition: z.int().nullable().describe("a scene's 1-based place in its chapter; null for a part or chapter"),
    partId: z.string().nullable().describe("the part it stands in (a part: its own id)"),
    chapterId: z.string().nullable().describe("a scene's chapter (a chapter: its own id; a part: null)"),
    wordCount: z.int().describe("words by the book's counting rule: a part's chapters', a chapter's, a scene's stretch of its chapter"),
    matches: z.boolean().describe("false: shown only because an item under it matches the filters"),
    plan: planSchema,
  })
  .meta({ id: "PlanItem" });
export type PlanItemDto = z.infer<typeof planItemSchema>;

export const planCharacterSchema = z.object({ id: z.string(), name: z.string() });

export const outlineSchema = z
  .object({
    bookId: z.string(),
    items: z.array(planItemSchema).describe("parts, chapters and scenes in reading order (chapters in the trash left out)"),
    plotlines: z.array(plotlineSchema),
    labels: z.array(labelSchema),
    characters: z.array(planCharacterSchema).describe("the story bible's characters the plan may name (the book's and its series'), by name"),
  })
  .meta({ id: "Outline" });
export type OutlineDto = z.infer<typeof outlineSchema>;

export const updatedPlanSchema = planItemSchema.omit({ matches: true }).meta({ id: "PlannedItem" });
export type UpdatedPlanDto = z.infer<typeof updatedPlanSchema>;
