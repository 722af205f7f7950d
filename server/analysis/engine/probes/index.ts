import { chapterEndsProbe } from "./chapter-ends";
import { chapterLengthsProbe } from "./chapter-lengths";
import { charactersProbe } from "./characters";
import { cooccurrenceProbe } from "./cooccurrence";
import { countsProbe } from "./counts";
import { dialogueProbe } from "./dialogue";
import { echoesProbe } from "./echoes";
import { emotionProbe } from "./emotion";
import { frequencyProbe } from "./frequency";
import { overuseProbe } from "./overuse";
import { pacingProbe } from "./pacing";
import { readabilityProbe } from "./readability";
import { sentencesProbe } from "./sentences";
import { speakersProbe } from "./speakers";
import { structureProbe } from "./structure";
import { termTimelineProbe } from "./term-timeline";

/** The code of every probe in ../probe-specs' PROBES, found by the id a template's section names. */
export const RUNNABLE_PROBES = [
  countsProbe,
  chapterLengthsProbe,
  dialogueProbe,
  sentencesProbe,
  readabilityProbe,
  frequencyProbe,
  echoesProbe,
  charactersProbe,
  cooccurrenceProbe,
  structureProbe,
  chapterEndsProbe,
  pacingProbe,
  speakersProbe,
  overuseProbe,
  termTimelineProbe,
  emotionProbe,
] as const;
