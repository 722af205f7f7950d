import type { PreparedChapter } from "../prepared-book";
import { reportNote } from "../notes";
import { defineProbe } from "../probe";
import { structureSpec } from "../probe-specs";
import { mean, percent, round } from "../stats";

export const structureProbe = defineProbe(structureSpec, {
  run({ chapters, params }) {
    const total = chapters.reduce((sum, chapter) => sum + chapter.words, 0);
    let before = 0;
    const spans = chapters.map((chapter) => {
      const start = total ? before / total : 0;
      before += chapter.words;
      // Once per chapter, not once per beat that lands in it: a chapter may hold 100,000 sentences.
      const sentenceLength = round(mean(chapter.sentences.map((sentence) => sentence.words)));
      return { chapter, start, end: total ? before / total : 0, sentenceLength };
    });
    const at = (target: number) => chapterAt(spans, target / 100, total);
    const rows = params.beats.map((beat) => {
      const span = at(beat.target);
      const chapter = span?.chapter;
      return {
        beat: beat.name,
        target: beat.target,
        chapter: chapter ? `${chapter.number}. ${chapter.label}` : null,
        span: span ? `${round(span.start * 100)}–${round(span.end * 100)}%` : null,
        words: chapter?.words ?? null,
        dialogue: chapter ? percent(chapter.dialogueWords, chapter.words) : null,
        sentenceLength: span?.sentenceLength ?? null,
      };
    });
    return {
      summary: [
        { label: "Beats", value: params.beats.length },
        { label: "Chapters", value: chapters.length },
      ],
      table: {
        columns: [
          { key: "beat", label: "Beat" },
          { key: "target", label: "Usually falls at", unit: "%" },
          { key: "chapter", label: "Chapter" },
          { key: "span", label: "Chapter spans" },
          { key: "words", label: "Chapter length" },
          { key: "dialogue", label: "Dialogue", unit: "%" },
          { key: "sentenceLength", label: "Mean sentence length" },
        ],
        rows,
      },
      beats: {
        chapters: spans.map(({ chapter, start, end }) => ({
          id: chapter.id,
          title: chapter.label,
          start: round(start, 4),
          end: round(end, 4),
          words: chapter.words,
        })),
        beats: params.beats.map((beat) => ({
          name: beat.name,
          target: round(beat.target / 100, 4),
          chapterId: at(beat.target)?.chapter.id ?? null,
        })),
      },
      notes: [reportNote(total === 0 ? "noWordsForBeats" : "fixedPlaces")],
    };
  },
});

/**
 * The chapter whose words contain the position. 0 % is the opening: the first chapter with words,
 * however short it is (a beat is never pushed past the opening chapter because that chapter holds
 * under 1 % of the book); 100 % and anything past the last word is the last chapter with words.
 */
function chapterAt<T extends { chapter: PreparedChapter; start: number; end: number }>(spans: T[], position: number, total: number) {
  if (total === 0) return null;
  const withWords = spans.filter((span) => span.chapter.words > 0);
  if (position <= 0) return withWords[0] ?? null;
  return withWords.find((span) => position >= span.start && position < span.end) ?? withWords.at(-1) ?? null;
}
