import { beatsSeries } from "./series/beats";
import { chapterWordsSeries } from "./series/chapter-words";
import { dialogueShareSeries } from "./series/dialogue-share";
import { clauseLengthSeries, readabilitySeries } from "./series/readability";
import { sentenceLengthSeries } from "./series/sentence-length";
import type { CompareSeries } from "./series";

/** Every measure Compare draws, in the order the page shows them. One line per file under series/. */
export const COMPARE_SERIES: readonly CompareSeries[] = [
  chapterWordsSeries,
  dialogueShareSeries,
  sentenceLengthSeries,
  readabilitySeries,
  clauseLengthSeries,
  beatsSeries,
];
