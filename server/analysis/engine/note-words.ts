import { z } from "zod";

/**
 * What an engine sentence says, as data (decision 0514): the report keeps each note (and each
 * summary figure whose value is a sentence, and each Compare note) in English for programs, and
 * beside it the key of its message in the catalogs (`analysisReport.note.*`, `analysisReport.value.*`,
 * `analysis.compare.note.*`) and the values it was made of, so that a page says it in its own
 * language. The values are figures and the writer's own words (names, chapter titles, terms),
 * which a page inserts as they are and never translates.
 *
 * Pure and small: the engine writes the English with it and the pages (a client component too)
 * word the same values with it.
 */
export const noteValueSchema = z
  .union([
    z.number(),
    z.string(),
    z.array(z.string()).describe("a list, joined as the language writes a list (“A, B”, “甲、乙”)"),
    z.object({ anyOf: z.array(z.string()) }).describe("one of several, joined as the language writes “A, B, or C”"),
  ])
  .meta({ id: "AnalysisNoteValue" });
export type NoteValue = z.infer<typeof noteValueSchema>;

export const noteWordsSchema = z
  .object({
    key: z.string().describe("the sentence's stable key: what it says, whatever its figures and names"),
    values: z.record(z.string(), noteValueSchema).describe("the figures and the writer's words the sentence holds, by name"),
  })
  .meta({ id: "AnalysisNoteWords" });
export type NoteWords = z.infer<typeof noteWordsSchema>;

/** A sentence as the engine keeps it: its English and what it says. */
export type Worded = NoteWords & { text: string };

/**
 * A note's values as a message's arguments in one language: lists joined with the language's
 * separator (`separator`, from the catalog: ", " in English, "、" in Chinese), "one of" lists as
 * the language joins alternatives (Intl.ListFormat), figures and words as they are.
 */
export function noteArguments(values: NoteWords["values"], locale: string, separator: string): Record<string, string | number> {
  return Object.fromEntries(Object.entries(values).map(([name, value]) => [name, noteArgument(value, locale, separator)]));
}

export function noteArgument(value: NoteValue, locale: string, separator: string): string | number {
  if (Array.isArray(value)) return value.join(separator);
  if (typeof value === "object") return new Intl.ListFormat(locale, { type: "disjunction" }).format(value.anyOf);
  return value;
}
