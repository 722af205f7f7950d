import { beatsSeries } from "./series/beats";
import { chapterWordsSeries } from "./series/chapter-words";
import { dialogueShareSeries } from "./series/dialogue-share";
import { emotionSeries } from "./series/emotion";
import { emotionZhSeries } from "./series/emotion-zh";
import { hookTypeSeries } from "./series/hook-type";
import { pacingActionSeries, pacingIntrospectionSeries, pacingNarrationSeries } from "./series/pacing";
import { clauseLengthSeries, readabilitySeries } from "./series/readability";
import { sentenceLengthSeries } from "./series/sentence-length";
import { leadSpeakerSeries, speakersSeries } from "./series/speakers";
import type { CompareSeries } from "./series";

/**
 * Every measure Compare draws, in the order the page shows them. A new one is a file under
 * series/, a line here and its key in keys.ts.
 */
export const COMPARE_SERIES: readonly CompareSeries[] = [
  chapterWordsSeries,
  dialogueShareSeries,
  pacingActionSeries,
  pacingIntrospectionSeries,
  pacingNarrationSeries,
  speakersSeries,
  leadSpeakerSeries,
  sentenceLengthSeries,
  readabilitySeries,
  clauseLengthSeries,
  emotionSeries,
  emotionZhSeries,
  hookTypeSeries,
  beatsSeries,
];
