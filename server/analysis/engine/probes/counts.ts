import { defineProbe } from "../probe";
import { countsSpec } from "../probe-specs";
import { round } from "../stats";
import { wordUnit } from "./labels";

export const countsProbe = defineProbe(countsSpec, {
  run({ book, chapters }) {
    const unit = wordUnit(book.language);
    // Chinese is counted two ways writers meet: Han characters, and 字数 with CJK punctuation.
    const chinese = book.language !== "en";
    const rows = chapters.map((chapter) => {
      const sentences = chapter.sentences.length;
      const paragraphs = chapter.paragraphs.length;
      return {
        number: chapter.number,
        chapter: chapter.label,
        words: chapter.words,
        ...(chinese ? { han: chapter.han, characters: chapter.words + chapter.cjkPunctuation } : {}),
        sentences,
        paragraphs,
        wordsPerSentence: sentences ? round(chapter.words / sentences) : null,
        wordsPerParagraph: paragraphs ? round(chapter.words / paragraphs) : null,
      };
    });
    const total = (key: "words" | "sentences" | "paragraphs" | "han" | "characters") => rows.reduce((sum, row) => sum + (row[key] ?? 0), 0);
    const [words, sentences, paragraphs] = [total("words"), total("sentences"), total("paragraphs")];
    return {
      summary: [
        { label: "Chapters", value: chapters.length },
        { label: "Words", value: words, unit },
        ...(chinese
          ? [
              { label: "Han characters (汉字)", value: total("han") },
              { label: "字数 with punctuation", value: total("characters") },
            ]
          : []),
        { label: "Sentences", value: sentences },
        { label: "Paragraphs", value: paragraphs },
        { label: "Words per chapter", value: chapters.length ? round(words / chapters.length) : 0, unit },
      ],
      table: {
        columns: [
          { key: "number", label: "#" },
          { key: "chapter", label: "Chapter" },
          { key: "words", label: "Words", unit },
          ...(chinese
            ? [
                { key: "han", label: "Han characters (汉字)" },
                { key: "characters", label: "字数 with punctuation" },
              ]
            : []),
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
            ...(chinese ? { han: total("han"), characters: total("characters") } : {}),
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
