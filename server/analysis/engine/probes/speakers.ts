import { linesOfSpeech, UNNAMED, UNTAGGED, type Credit } from "../attribution";
import { castOf } from "../cast";
import type { Worded } from "../note-words";
import { reportNote, reportValue } from "../notes";
import { defineProbe } from "../probe";
import { speakersSpec } from "../probe-specs";
import { percent } from "../stats";
import { wordUnit } from "./labels";

interface SpeakerTally {
  lines: number;
  words: number;
  verbs: Map<string, number>;
  adverbs: Map<string, number>;
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
    const credits = new Map<Credit, number>();
    for (const chapter of chapters) {
      for (const line of linesOfSpeech(book, chapter, cast)) {
        const { tag } = line;
        lines++;
        if (line.credit) bump(credits, line.credit);
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
    // What the characters say, as a reader tallies it: the lines not credited to one of the cast
    // (no tag, someone outside it, an unresolved pronoun) are nobody's share.
    const spokenByCast = [...tallies].reduce((sum, [speaker, tally]) => sum + (named.has(speaker) ? tally.words : 0), 0);
    const speakerRows = [...tallies]
      .sort(([a, x], [b, y]) => y.words - x.words || (a < b ? -1 : 1))
      .slice(0, params.top)
      .map(([speaker, tally]) => ({
        speaker,
        kind: speaker === UNTAGGED ? "untagged" : speaker === UNNAMED ? "unnamed" : named.has(speaker) ? "character" : "pronoun",
        lines: tally.lines,
        words: tally.words,
        share: percent(tally.words, spoken),
        ofCast: named.has(speaker) ? percent(tally.words, spokenByCast) : null,
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
    const notes: Worded[] = [];
    if (cast.source === "candidate") notes.push(reportNote("speakersFromText"));
    if (cast.source === "none") notes.push(reportNote("noSpeakersFound"));
    const creditedLines = [...credits.values()].reduce((sum, count) => sum + count, 0);
    if (creditedLines > 0) {
      const by = (credit: Credit) => credits.get(credit) ?? 0;
      notes.push(reportNote("credited", { tag: by("tag"), pronoun: by("pronoun"), beat: by("beat"), turn: by("turn") }));
    }
    const summary = [
      { label: "Lines of speech", value: lines },
      { label: "Lines with a tag", value: percent(tagged, lines), unit: "%" },
      { label: "Lines credited to a character", value: percent(creditedLines, lines), unit: "%" },
      { label: "Most words spoken", ...(topSpeaker ? reportValue("mostWordsSpoken", { name: topSpeaker.speaker, percent: topSpeaker.ofCast! }) : { value: "—" }) },
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
          { key: "ofCast", label: "Of the characters' speech", unit: "%" },
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
