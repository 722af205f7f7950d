import { castOf, castSegmenter, type Cast } from "../cast";
import { findMentions } from "../mentions";
import { defineProbe } from "../probe";
import { speakersSpec } from "../probe-specs";
import type { PreparedBook, PreparedChapter } from "../prepared-book";
import { findTag, readParagraph, type SpeechTag } from "../speech";
import { percent } from "../stats";
import { wordUnit } from "./labels";

interface SpeakerTally {
  lines: number;
  words: number;
  verbs: Map<string, number>;
  adverbs: Map<string, number>;
}

const UNTAGGED = "(no tag)";
/** A tag whose speaker is neither in the cast nor a pronoun: "cried her mother". */
const UNNAMED = "(unnamed)";

/** A paragraph with speech: who its tag credits (a cast id, a pronoun, UNNAMED or UNTAGGED) and the words spoken. */
export interface LineOfSpeech {
  speaker: string;
  spoken: number;
  tag: SpeechTag | null;
}

/**
 * A chapter's lines of speech, each credited as the speakers report credits it; kept in the
 * book's memo (per cast), since Compare's speaker series read them again.
 */
export function linesOfSpeech(book: PreparedBook, chapter: PreparedChapter, cast: Cast): LineOfSpeech[] {
  const key = `speech:${chapter.number}:${cast.members.map((member) => member.names.join("|")).join(",")}`;
  const known = book.memo.get(key) as LineOfSpeech[] | undefined;
  if (known) return known;
  const segmenter = book.language === "en" ? undefined : castSegmenter(cast);
  const mentionsIn = (window: string) => findMentions(window, cast.members, segmenter);
  const lines: LineOfSpeech[] = [];
  for (const paragraph of chapter.paragraphs) {
    const read = readParagraph(paragraph, book.language);
    if (read.quotes.length === 0) continue;
    const tag = findTag(paragraph, read.quotes, book.language, mentionsIn);
    lines.push({ speaker: tag ? (tag.speaker ?? UNNAMED) : UNTAGGED, spoken: read.spoken, tag });
  }
  book.memo.set(key, lines);
  return lines;
}

export const speakersProbe = defineProbe(speakersSpec, {
  run({ book, chapters, params, parameters }) {
    const unit = wordUnit(book.language);
    const cast = castOf(book, parameters);
    const tallies = new Map<string, SpeakerTally>();
    const verbs = new Map<string, number>();
    const adverbs = new Map<string, number>();
    let lines = 0;
    let tagged = 0;
    for (const chapter of chapters) {
      for (const line of linesOfSpeech(book, chapter, cast)) {
        const { tag } = line;
        lines++;
        if (tag) {
          tagged++;
          bump(verbs, tag.verb);
          if (tag.adverb) bump(adverbs, tag.adverb);
        }
        let tally = tallies.get(line.speaker);
        if (!tally) tallies.set(line.speaker, (tally = { lines: 0, words: 0, verbs: new Map(), adverbs: new Map() }));
        tally.lines++;
        tally.words += line.spoken;
        if (tag) bump(tally.verbs, tag.verb);
        if (tag?.adverb) bump(tally.adverbs, tag.adverb);
      }
    }
    const spoken = [...tallies.values()].reduce((sum, tally) => sum + tally.words, 0);
    const named = new Set(cast.members.map((member) => member.id));
    const speakerRows = [...tallies]
      .sort(([a, x], [b, y]) => y.words - x.words || (a < b ? -1 : 1))
      .slice(0, params.top)
      .map(([speaker, tally]) => ({
        speaker,
        kind: speaker === UNTAGGED ? "untagged" : speaker === UNNAMED ? "unnamed" : named.has(speaker) ? "character" : "pronoun",
        lines: tally.lines,
        words: tally.words,
        share: percent(tally.words, spoken),
        verbs: listed(tally.verbs),
        adverbs: listed(tally.adverbs),
      }));
    const tagRows = [
      ...[...verbs].map(([word, uses]) => ({ word, kind: "verb", uses, share: percent(uses, tagged) })),
      ...[...adverbs].map(([word, uses]) => ({ word, kind: "adverb", uses, share: percent(uses, tagged) })),
    ]
      .sort((a, b) => b.uses - a.uses || (a.word < b.word ? -1 : 1))
      .slice(0, params.top);
    const topSpeaker = speakerRows.find((row) => row.kind === "character");
    const notes: string[] = [];
    if (cast.source === "candidate") notes.push("No characters were named, so the speakers are the names found in the text; name them when running the template.");
    if (cast.source === "none") notes.push("No characters were named and none could be found; name them when running the template. Tags naming a pronoun are still counted.");
    const summary = [
      { label: "Lines of speech", value: lines },
      { label: "Lines with a tag", value: percent(tagged, lines), unit: "%" },
      { label: "Most words spoken", value: topSpeaker ? `${topSpeaker.speaker} (${topSpeaker.share}%)` : "—" },
      { label: "Commonest tag verb", value: listed(verbs, 1) || "—" },
      { label: "Tags with an adverb", value: percent([...adverbs.values()].reduce((sum, uses) => sum + uses, 0), tagged), unit: "%" },
    ];
    if (params.list === "tags") {
      return {
        summary,
        table: {
          columns: [
            { key: "word", label: "Tag word" },
            { key: "kind", label: "Kind" },
            { key: "uses", label: "Uses" },
            { key: "share", label: "Of tags", unit: "%" },
          ],
          rows: tagRows,
        },
        series: { x: tagRows.map((row) => row.word), series: [{ name: "Uses", values: tagRows.map((row) => row.uses) }], yLabel: "tags" },
        notes,
      };
    }
    return {
      summary,
      table: {
        columns: [
          { key: "speaker", label: "Speaker" },
          { key: "kind", label: "Kind" },
          { key: "lines", label: "Lines" },
          { key: "words", label: "Words spoken", unit },
          { key: "share", label: "Of all speech", unit: "%" },
          { key: "verbs", label: "Tag verbs" },
          { key: "adverbs", label: "Adverbs" },
        ],
        rows: speakerRows,
      },
      series: {
        x: speakerRows.map((row) => row.speaker),
        series: [{ name: "Words spoken", values: speakerRows.map((row) => row.words) }],
        yLabel: unit,
      },
      notes,
    };
  },
});

function bump(counts: Map<string, number>, key: string) {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

/** The commonest few, as "said 12, asked 3". */
function listed(counts: Map<string, number>, top = 3): string {
  return [...counts]
    .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1))
    .slice(0, top)
    .map(([word, uses]) => `${word} ${uses}`)
    .join(", ");
}
