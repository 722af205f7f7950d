import type { Language } from "../report";
import type { Worded } from "../note-words";
import { reportNote } from "../notes";
import { defineProbe } from "../probe";
import { pacingSpec } from "../probe-specs";
import { readParagraph, type ParagraphKind, type ReadParagraph } from "../speech";
import { percent } from "../stats";
import { wordUnit } from "./labels";

const KINDS: ParagraphKind[] = ["dialogue", "action", "introspection", "narration"];

export const pacingProbe = defineProbe(pacingSpec, {
  run({ book, chapters, params }) {
    const unit = wordUnit(book.language);
    const introspectionWords = params.introspection ?? (book.language === "zh" ? 500 : 300);
    const read = chapters.map((chapter) => pace(chapter.paragraphs, chapter.speechByParagraph, book.language, params.talkingHeads, introspectionWords, params.stretches));
    const rows = chapters.map((chapter, index) => ({
      number: chapter.number,
      chapter: chapter.label,
      paragraphs: read[index]!.paragraphs,
      ...(Object.fromEntries(KINDS.map((kind) => [kind, percent(read[index]!.words[kind], read[index]!.total)])) as Record<ParagraphKind, number>),
      talkingHeads: read[index]!.talkingHeadRuns,
      longestTalk: read[index]!.longestTalk,
      introspectionStretches: read[index]!.introspectionStretches,
      longestIntrospection: read[index]!.longestIntrospection,
    }));
    const total = (kind: ParagraphKind) => read.reduce((sum, chapter) => sum + chapter.words[kind], 0);
    const words = read.reduce((sum, chapter) => sum + chapter.total, 0);
    const runs = read.reduce((sum, chapter) => sum + chapter.talkingHeadRuns, 0);
    const stretches = read.reduce((sum, chapter) => sum + chapter.introspectionStretches, 0);
    const notes: Worded[] = [];
    for (const row of rows) {
      if (row.talkingHeads) notes.push(reportNote("talkingHeads", { chapter: row.chapter, runs: row.talkingHeads, longest: row.longestTalk }));
      if (row.introspectionStretches) {
        notes.push(reportNote("introspection", { chapter: row.chapter, stretches: row.introspectionStretches, longest: row.longestIntrospection, unit: book.language }));
      }
    }
    return {
      summary: [
        ...KINDS.map((kind) => ({ label: `${kind[0]!.toUpperCase()}${kind.slice(1)}`, value: percent(total(kind), words), unit: `% of ${unit}` })),
        { label: "Runs of talking heads", value: runs },
        { label: "Long stretches of introspection", value: stretches },
      ],
      table: {
        columns: [
          { key: "number", label: "#" },
          { key: "chapter", label: "Chapter" },
          { key: "paragraphs", label: "Paragraphs" },
          ...KINDS.map((kind) => ({ key: kind, label: `${kind[0]!.toUpperCase()}${kind.slice(1)}`, unit: `% of ${unit}` })),
          { key: "talkingHeads", label: `Talking-head runs (${params.talkingHeads}+ lines)` },
          { key: "longestTalk", label: "Longest run", unit: "lines" },
          { key: "introspectionStretches", label: `Introspection stretches (${introspectionWords}+)` },
          { key: "longestIntrospection", label: "Longest stretch", unit },
        ],
        rows,
      },
      heatmap: {
        rows: chapters.map((chapter) => chapter.label),
        columns: Array.from({ length: params.stretches }, (_, index) => `${Math.round((100 * index) / params.stretches)}–${Math.round((100 * (index + 1)) / params.stretches)}%`),
        values: read.map((chapter) => chapter.strip),
      },
      series: {
        x: rows.map((row) => row.chapter),
        series: KINDS.map((kind) => ({ name: `${kind[0]!.toUpperCase()}${kind.slice(1)}`, values: rows.map((row) => row[kind]) })),
        yLabel: `% of ${unit}`,
      },
      notes,
    };
  },
});

/**
 * One chapter's paragraphs read in order: the words of each kind, the runs, and the strip.
 *
 * Dialogue is one figure everywhere (decision 0503): the words of speech inside quotation marks,
 * `speech[i]` for paragraph i as the dialogue report counts them (letters and documents aside). The
 * rest of a paragraph's words go to its kind, and a line of dialogue's tag and beats ("玄德曰：",
 * "said Anna") to narration. So the pacing report's Dialogue is the dialogue report's, and the four
 * shares still add up to the chapter.
 */
export function pace(paragraphs: string[], speech: readonly number[], language: Language, talkingHeads: number, introspectionWords: number, stretches: number) {
  const words: Record<ParagraphKind, number> = { dialogue: 0, action: 0, introspection: 0, narration: 0 };
  const read = paragraphs.map((paragraph) => readParagraph(paragraph, language));
  let talkingHeadRuns = 0;
  let longestTalk = 0;
  let run = 0;
  let introspectionStretches = 0;
  let longestIntrospection = 0;
  let stretch = 0;
  const endRun = () => {
    if (run >= talkingHeads) talkingHeadRuns++;
    if (run >= talkingHeads) longestTalk = Math.max(longestTalk, run);
    run = 0;
  };
  const endStretch = () => {
    if (stretch >= introspectionWords) {
      introspectionStretches++;
      longestIntrospection = Math.max(longestIntrospection, stretch);
    }
    stretch = 0;
  };
  const spokenIn = read.map((paragraph, index) => Math.min(paragraph.words, speech[index] ?? 0));
  const restKind = (paragraph: ReadParagraph): ParagraphKind => (paragraph.kind === "dialogue" ? "narration" : paragraph.kind);
  for (const [index, paragraph] of read.entries()) {
    if (paragraph.words === 0) continue;
    words.dialogue += spokenIn[index]!;
    words[restKind(paragraph)] += paragraph.words - spokenIn[index]!;
    if (paragraph.bareLine) run++;
    else endRun();
    if (paragraph.kind === "introspection") stretch += paragraph.words;
    else endStretch();
  }
  endRun();
  endStretch();
  // The strip: each paragraph's words fall into the stretch where its first word stands.
  const total = read.reduce((sum, paragraph) => sum + paragraph.words, 0);
  const spoken = new Array<number>(stretches).fill(0);
  const all = new Array<number>(stretches).fill(0);
  let before = 0;
  for (const [index, paragraph] of read.entries()) {
    const at = total === 0 ? 0 : Math.min(stretches - 1, Math.floor((before * stretches) / total));
    all[at]! += paragraph.words;
    spoken[at]! += spokenIn[index]!;
    before += paragraph.words;
  }
  return {
    paragraphs: read.filter((paragraph) => paragraph.words > 0).length,
    total,
    words,
    talkingHeadRuns,
    longestTalk,
    introspectionStretches,
    longestIntrospection,
    strip: all.map((count, index) => percent(spoken[index]!, count)),
  };
}
