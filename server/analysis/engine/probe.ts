import type { Worded } from "./note-words";
import type { PreparedBook, PreparedChapter } from "./prepared-book";
import type { ProbeSpec } from "./probe-specs";
import type { BeatsChart, HeatmapChart, SectionResult, SeriesChart } from "./report";
import type { RunParameters } from "./run-parameters";

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
  /** Each note in English and as its key and values (./notes). */
  notes?: Worded[];
}

/** A probe: its spec (./probe-specs) and the code that runs it on a prepared book. */
export function defineProbe<Params>(spec: ProbeSpec<Params>, probe: { run(input: ProbeInput<Params>): ProbeOutput }) {
  return { ...spec, ...probe };
}

export function chaptersInRange(chapters: PreparedChapter[], range: { from?: number; to?: number } | undefined) {
  if (!range) return chapters;
  return chapters.filter((chapter) => chapter.number >= (range.from ?? 1) && chapter.number <= (range.to ?? Infinity));
}
