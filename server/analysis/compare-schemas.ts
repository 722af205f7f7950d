import { z } from "zod";
import { COMPARE_SERIES_KEYS } from "./engine/compare/keys";
import { noteWordsSchema } from "./engine/note-words";

export { COMPARE_SERIES_KEYS };

const seriesKey = z.enum(COMPARE_SERIES_KEYS);

/**
 * A time, or a calendar day (UTC) meaning the end of that day: "the draft as of 1 November" is what
 * stood when that day's work was done (today: now).
 */
export const asOfField = z
  .union([z.iso.datetime({ offset: true }), z.iso.date()])
  .transform((value) => {
    if (value.length !== 10) return new Date(value);
    const end = Date.parse(`${value}T23:59:59.999Z`);
    // Today's end is still to come, so today means now; a later day stays in the future (refused).
    return new Date(Date.parse(`${value}T00:00:00Z`) <= Date.now() ? Math.min(end, Date.now()) : end);
  })
  .describe("compare with the book (or the other book) as it stood at this time: an ISO 8601 date-time, or a date meaning the end of that day (UTC; today: now)");

const otherBookField = z.string().min(1).max(64).describe("the book to compare with; absent: the same book (then asOf is required)");
const seriesDescription = `which series to compute (${COMPARE_SERIES_KEYS.join(", ")}); absent: every series that applies to either book's language`;

/** tRPC's input, and the use case's: the book, and what it is compared with. */
export const compareBooksInput = z.strictObject({
  bookId: z.string().min(1).max(64),
  otherBookId: otherBookField.optional(),
  asOf: asOfField.optional(),
  series: z.array(seriesKey).min(1).max(COMPARE_SERIES_KEYS.length).optional().describe(seriesDescription),
});
export type CompareBooksInput = z.output<typeof compareBooksInput>;

/** REST's query: the same fields, series comma-separated (`series=dialogue-share,emotion`). */
export const compareBooksQuery = z.object({
  otherBookId: otherBookField.optional(),
  asOf: asOfField.optional(),
  series: z
    .string()
    .max(512)
    .transform((value) => value.split(",").map((key) => key.trim()).filter(Boolean))
    .pipe(z.array(seriesKey).min(1))
    .optional()
    .describe(`${seriesDescription}; comma-separated`),
});

const value = z.union([z.number(), z.string(), z.null()]);

const profileSchema = z.object({
  bookId: z.string(),
  title: z.string(),
  /** null: the book as it is now */
  asOf: z.iso.datetime().nullable(),
  language: z.enum(["en", "zh", "mixed"]),
  words: z.number().int(),
  chapters: z.array(
    z.object({
      id: z.string(),
      number: z.number().int(),
      title: z.string(),
      words: z.number().int(),
      start: z.number().describe("where the chapter begins, in % of the book's words"),
      end: z.number(),
      position: z.number().describe("the chapter's middle, in % of the book's words: where its values are drawn"),
    }),
  ),
  values: z.record(z.string(), z.array(value)).describe("by series key: one value per chapter, in chapter order (null where a chapter has none)"),
  notes: z.record(z.string(), z.string()).describe("by series key, for the series that have one: a line about this book its values need, e.g. lead-speaker's \"Lead speaker: Elizabeth\""),
  noteWords: z
    .record(z.string(), noteWordsSchema)
    .describe("the same lines as their keys and values (`{key: \"leadSpeaker\", values: {name: \"Elizabeth\"}}`), for a page to say in its own language"),
});

export const comparisonSchema = z.object({
  series: z
    .array(
      z.object({
        key: z.string(),
        label: z.string(),
        unit: z.string(),
        categories: z.array(z.string()).optional().describe("a category series (hook-type): every value it takes, in the order to list them"),
      }),
    )
    .describe("the series computed, in the order to show them"),
  beats: z.array(z.object({ name: z.string(), target: z.number() })).describe("the Three-Act turning points, target in % of the book"),
  left: profileSchema,
  right: profileSchema,
});
export type ComparisonDto = z.infer<typeof comparisonSchema>;
