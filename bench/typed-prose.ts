// The made-up prose the save benches write and type into (bench/ledger-cost.ts, bench/scenes-cost.ts):
// a seeded vocabulary, so every run saves the same text.
import { random as seeded } from "./seeded-random.mjs";

const VOCABULARY = (
  "the a of and to in was she he it that her his had with on at for as but not they from by said would there were their been one into out " +
  "house river morning letter window silence lantern harbour winter orchard stranger promise remembered whispered carried followed wondered"
).split(" ");

/** A writer's words from a seeded generator: `sentence(n)` makes n of them; `typed(text)` is an autosave's edit. */
export function typedProse(seed: number) {
  const random: () => number = seeded(seed);
  const word = () => VOCABULARY[Math.floor(random() * VOCABULARY.length)]!;
  const sentence = (n: number) => Array.from({ length: n }, word).join(" ");
  /** A few words typed into a paragraph somewhere in the text, never into a scene-break line. */
  const typed = (text: string): string => {
    let at = text.indexOf(" ", Math.floor(random() * text.length));
    if (at >= 0 && text.slice(Math.max(0, at - 4), at + 4).includes("*")) at = -1;
    return at < 0 ? `${text} ${sentence(6)}` : `${text.slice(0, at)} ${sentence(2 + Math.floor(random() * 8))}${text.slice(at)}`;
  };
  return { sentence, typed };
}
