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

/** Every built-in probe, in the order the template editor lists them. */
export const PROBES = [
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
  // Issue 20 §2: the reports 拆书 and revision need.
  chapterEndsProbe,
  pacingProbe,
  speakersProbe,
  overuseProbe,
  termTimelineProbe,
  emotionProbe,
] as const;

export type ProbeId = (typeof PROBES)[number]["id"];
