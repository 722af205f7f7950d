import { z } from "zod";
import type { PreparedBook, PreparedChapter } from "./prepare";
import type { BeatsChart, HeatmapChart, SectionResult, SeriesChart, View } from "./report";
import { knownKeys } from "./schema-helpers";
import type { RunParameters } from "./run-parameters";

/** Every probe may look at a range of chapters only (黄金三章 reads the first three). */
const chapterRangeSchema = knownKeys(
  {
    from: z.number().int().min(1).optional(),
    to: z.number().int().min(1).optional(),
  },
  "parameter",
).refine((range) => range.from === undefined || range.to === undefined || range.from <= range.to, {
  message: "`from` must not come after `to`",
  path: ["to"],
});

interface ProbeInput<Params> {
  book: PreparedBook;
  /** The chapters in the section's range. */
  chapters: PreparedChapter[];
  params: Params;
  parameters: RunParameters;
}

export interface ProbeOutput {
  summary: SectionResult["summary"];
  table: SectionResult["table"];
  /** For the bar and line views. */
  series?: Omit<SeriesChart, "type">;
  beats?: Omit<BeatsChart, "type">;
  heatmap?: Omit<HeatmapChart, "type">;
  notes?: string[];
}

export function defineProbe<Shape extends z.ZodRawShape>(spec: {
  id: string;
  name: string;
  description: string;
  params: Shape;
  /** The views it can draw, the first being the one the editor proposes. */
  views: readonly View[];
  run(input: ProbeInput<z.output<z.ZodObject<Shape>>>): ProbeOutput;
}) {
  const params = knownKeys({ ...spec.params, chapters: chapterRangeSchema.optional() }, "parameter");
  return { ...spec, params };
}

export function chaptersInRange(chapters: PreparedChapter[], range: { from?: number; to?: number } | undefined) {
  if (!range) return chapters;
  return chapters.filter((chapter) => chapter.number >= (range.from ?? 1) && chapter.number <= (range.to ?? Infinity));
}
