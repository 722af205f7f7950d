import { beatsSeries } from "./series/beats";
import { chapterWordsSeries } from "./series/chapter-words";
import { dialogueShareSeries } from "./series/dialogue-share";
import { emotionSeries } from "./series/emotion";
import { clauseLengthSeries, readabilitySeries } from "./series/readability";
import { sentenceLengthSeries } from "./series/sentence-length";
import type { CompareSeries } from "./series";

/**
 * Every measure Compare draws, in the order the page shows them. One line per file under series/:
 * a series for chapter endings (hook types), pacing and speakers is one more file once the probes
 * of issue 20 §2 are on main (see docs/decisions.md, "Compare"), and its key in keys.ts.
 */
export const COMPARE_SERIES: readonly CompareSeries[] = [
  chapterWordsSeries,
  dialogueShareSeries,
  sentenceLengthSeries,
  readabilitySeries,
  clauseLengthSeries,
  emotionSeries,
  beatsSeries,
];
