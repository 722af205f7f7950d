import type { PreparedChapter } from "../prepared-book";
import type { Language } from "../report";
import { hookCueOf } from "../hooks";
import { reportNote } from "../notes";
import { defineProbe } from "../probe";
import { chapterEndsSpec } from "../probe-specs";
import { readParagraph } from "../speech";
import { mean, percent, round } from "../stats";
import { wordUnit } from "./labels";

export type Ending = "question" | "exclamation" | "ellipsis" | "statement";

/** How a sentence ends, by its last mark (closing quotes aside): ?/？, !/！, …/... or anything else. */
export function endingOf(sentence: string): Ending {
  // A scan back from the end, not a pattern anchored at it: `[…]+$` is tried again from every
  // run of closers in the sentence, quadratic on a long one full of quotes.
  let end = sentence.length;
  while (end > 0 && TRAILING_CLOSERS.has(sentence[end - 1]!)) end--;
  const bare = sentence.slice(Math.max(0, end - 3), end);
  if (bare.endsWith("…") || bare.endsWith("...") || bare.endsWith("。。。")) return "ellipsis";
  if (bare.endsWith("?") || bare.endsWith("？")) return "question";
  if (bare.endsWith("!") || bare.endsWith("！")) return "exclamation";
  return "statement";
}

/** A last sentence this short (words; Chinese: characters) or shorter ends a chapter on a short sentence. */
export const defaultShortSentence = (language: Language) => (language === "zh" ? 10 : 6);

const TRAILING_CLOSERS = new Set([..." \t\n\u00a0\u3000\"'”’」』）)]》*_"]);
const EXCERPT = 160;

/** The start (or end) of a paragraph, cut at EXCERPT characters with an ellipsis. */
function excerpt(text: string, from: "start" | "end"): string {
  const chars = [...text];
  if (chars.length <= EXCERPT) return text;
  return from === "start" ? `${chars.slice(0, EXCERPT).join("")}…` : `…${chars.slice(-EXCERPT).join("")}`;
}

export const chapterEndsProbe = defineProbe(chapterEndsSpec, {
  run({ book, chapters, params }) {
    const unit = wordUnit(book.language);
    const short = params.shortSentence ?? defaultShortSentence(book.language);
    const withText = chapters.filter((chapter) => chapter.sentences.length > 0);
    const rows = withText.map((chapter) => describeChapterEnd(chapter, book.language, params.lastSentences, short));
    const count = (test: (row: (typeof rows)[number]) => boolean) => rows.filter(test).length;
    return {
      summary: [
        { label: "Chapters", value: rows.length },
        { label: "End on a suspense line", value: count((row) => row.hook !== "") },
        { label: "End on a question", value: count((row) => row.ending === "question") },
        { label: "End on an exclamation", value: count((row) => row.ending === "exclamation") },
        { label: "End on an ellipsis", value: count((row) => row.ending === "ellipsis") },
        { label: "End on dialogue", value: count((row) => row.onDialogue === "yes") },
        { label: "End on a short sentence", value: count((row) => row.short === "yes") },
        { label: "Open on dialogue", value: percent(count((row) => row.opensWith === "dialogue"), rows.length), unit: "%" },
      ],
      table: {
        columns: [
          { key: "number", label: "#" },
          { key: "chapter", label: "Chapter" },
          { key: "opening", label: "First paragraph" },
          { key: "opensWith", label: "Opens with" },
          { key: "closing", label: "Last paragraph" },
          { key: "ending", label: "Ends on" },
          { key: "hook", label: "Suspense line" },
          { key: "onDialogue", label: "Ends on dialogue" },
          { key: "short", label: "Short last sentence" },
          { key: "lastSentence", label: "Last sentence", unit },
          { key: "lastMean", label: `Mean of the last ${params.lastSentences}`, unit },
          { key: "chapterMean", label: "Chapter's mean sentence", unit },
        ],
        rows,
      },
      series: {
        x: rows.map((row) => row.chapter),
        series: [
          { name: "Last sentence", values: rows.map((row) => row.lastSentence) },
          { name: `Mean of the last ${params.lastSentences}`, values: rows.map((row) => row.lastMean) },
          { name: "Chapter's mean sentence", values: rows.map((row) => row.chapterMean) },
        ],
        yLabel: `${unit} per sentence`,
      },
      notes: rows.length < chapters.length ? [reportNote("chaptersWithoutText", { count: chapters.length - rows.length })] : [],
    };
  },
});

/** One chapter's opening and ending as the report's row gives them (a chapter with at least one sentence). */
export function describeChapterEnd(chapter: PreparedChapter, language: Parameters<typeof readParagraph>[1], lastSentences: number, short: number) {
  const first = chapter.paragraphs.find((paragraph) => paragraph.trim().length > 0) ?? "";
  const last = chapter.paragraphs.findLast((paragraph) => paragraph.trim().length > 0) ?? "";
  const finalSentence = chapter.sentences.at(-1)!;
  const tail = chapter.sentences.slice(-lastSentences).map((sentence) => sentence.words);
  return {
    number: chapter.number,
    chapter: chapter.label,
    opening: excerpt(first, "start"),
    opensWith: readParagraph(first, language).kind,
    closing: excerpt(last, "end"),
    ending: endingOf(finalSentence.text),
    /** the suspense formula or cut-off its last lines hold (且听下文分解, 欲知后事如何, 就在这时…), or "" */
    hook: hookCueOf(last) ?? "",
    onDialogue: readParagraph(last, language).kind === "dialogue" ? "yes" : "",
    short: finalSentence.words <= short ? "yes" : "",
    lastSentence: finalSentence.words,
    lastMean: round(mean(tail)),
    chapterMean: round(mean(chapter.sentences.map((sentence) => sentence.words))),
  };
}
