import { defineProbe } from "../probe";
import { round } from "../stats";
import { wordUnit } from "./labels";

export const countsProbe = defineProbe({
  id: "counts",
  name: "Counts",
  description:
    "Words (for Chinese, characters, as 字数 counts them), sentences and paragraphs per chapter and in total.",
  params: {},
  views: ["bar", "line", "table"],
  run({ book, chapters }) {
    const unit = wordUnit(book.language);
    const rows = chapters.map((chapter) => {
      const sentences = chapter.sentences.length;
      const paragraphs = chapter.paragraphs.length;
      return {
        number: chapter.number,
        chapter: chapter.label,
        words: chapter.words,
        sentences,
        paragraphs,
        wordsPerSentence: sentences ? round(chapter.words / sentences) : null,
        wordsPerParagraph: paragraphs ? round(chapter.words / paragraphs) : null,
      };
    });
    const total = (key: "words" | "sentences" | "paragraphs") => rows.reduce((sum, row) => sum + row[key], 0);
    const [words, sentences, paragraphs] = [total("words"), total("sentences"), total("paragraphs")];
    return {
      summary: [
        { label: "Chapters", value: chapters.length },
        { label: "Words", value: words, unit },
        { label: "Sentences", value: sentences },
        { label: "Paragraphs", value: paragraphs },
        { label: "Words per chapter", value: chapters.length ? round(words / chapters.length) : 0, unit },
      ],
      table: {
        columns: [
          { key: "number", label: "#" },
          { key: "chapter", label: "Chapter" },
          { key: "words", label: "Words", unit },
          { key: "sentences", label: "Sentences" },
          { key: "paragraphs", label: "Paragraphs" },
          { key: "wordsPerSentence", label: "Words per sentence", unit },
          { key: "wordsPerParagraph", label: "Words per paragraph", unit },
        ],
        rows: [
          ...rows,
          {
            number: null,
            chapter: "Total",
            words,
            sentences,
            paragraphs,
            wordsPerSentence: sentences ? round(words / sentences) : null,
            wordsPerParagraph: paragraphs ? round(words / paragraphs) : null,
          },
        ],
      },
      series: {
        x: chapters.map((chapter) => chapter.label),
        series: [{ name: "Words", values: rows.map((row) => row.words) }],
        yLabel: unit,
      },
    };
  },
});
