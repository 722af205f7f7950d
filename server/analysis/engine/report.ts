import { z } from "zod";
import { noteWordsSchema } from "./note-words";

/** How a section's result is drawn; every section also has its table. */
export const viewSchema = z.enum(["table", "bar", "line", "beats", "heatmap"]);
export type View = z.infer<typeof viewSchema>;

const cell = z.union([z.string(), z.number(), z.null()]);

const seriesFields = {
  x: z.array(z.string()),
  series: z.array(z.object({ name: z.string(), values: z.array(z.number().nullable()) })),
  yLabel: z.string().optional(),
};
// Two members rather than one with `type: "bar" | "line"`, so a check of `type` narrows the union.
const barChartSchema = z.object({ type: z.literal("bar"), ...seriesFields });
const lineChartSchema = z.object({ type: z.literal("line"), ...seriesFields });

const beatsChartSchema = z.object({
  type: z.literal("beats"),
  chapters: z.array(
    z.object({ id: z.string(), title: z.string(), start: z.number(), end: z.number(), words: z.number() }),
  ),
  beats: z.array(z.object({ name: z.string(), target: z.number(), chapterId: z.string().nullable() })),
});

const heatmapChartSchema = z.object({
  type: z.literal("heatmap"),
  rows: z.array(z.string()),
  columns: z.array(z.string()),
  values: z.array(z.array(z.number())),
});

const chartSchema = z.union([barChartSchema, lineChartSchema, beatsChartSchema, heatmapChartSchema]).nullable();
export type Chart = z.infer<typeof chartSchema>;
export type SeriesChart = z.infer<typeof barChartSchema>;
export type BeatsChart = z.infer<typeof beatsChartSchema>;
export type HeatmapChart = z.infer<typeof heatmapChartSchema>;

export const sectionResultSchema = z.object({
  id: z.string(),
  title: z.string(),
  probe: z.string(),
  view: viewSchema,
  /** Headline figures. */
  summary: z.array(
    z.object({
      label: z.string(),
      value: z.union([z.number(), z.string()]),
      unit: z.string().optional(),
      valueWords: noteWordsSchema.optional().describe("a value that is a sentence (“3.1 (published fiction 2.4)”), as its key and values (decision 0514)"),
    }),
  ),
  table: z.object({
    columns: z.array(z.object({ key: z.string(), label: z.string(), unit: z.string().optional() })),
    rows: z.array(z.record(z.string(), cell)),
  }),
  chart: chartSchema,
  notes: z.array(z.string()).describe("what the figures need said, in English"),
  noteWords: z
    .array(noteWordsSchema)
    .optional()
    .describe("each note as its key and values, in the order of `notes` (decision 0514); absent in reports kept before it"),
});
export type SectionResult = z.infer<typeof sectionResultSchema>;

export const analysisReportSchema = z.object({
  language: z.enum(["en", "zh", "mixed"]),
  chapters: z.number().int().nonnegative(),
  words: z.number().int().nonnegative(),
  empty: z.boolean(),
  sections: z.array(sectionResultSchema),
});
export type AnalysisReport = z.infer<typeof analysisReportSchema>;
export type Language = AnalysisReport["language"];
