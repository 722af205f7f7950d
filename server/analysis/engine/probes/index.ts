import { chapterLengthsProbe } from "./chapter-lengths";
import { charactersProbe } from "./characters";
import { cooccurrenceProbe } from "./cooccurrence";
import { countsProbe } from "./counts";
import { dialogueProbe } from "./dialogue";
import { echoesProbe } from "./echoes";
import { frequencyProbe } from "./frequency";
import { readabilityProbe } from "./readability";
import { sentencesProbe } from "./sentences";
import { structureProbe } from "./structure";

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
] as const;

export type ProbeId = (typeof PROBES)[number]["id"];
