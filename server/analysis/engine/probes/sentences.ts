import type { Sentence } from "../prepared-book";
import { defineProbe } from "../probe";
import { sentencesSpec } from "../probe-specs";
import type { Language } from "../report";
import { mean, median, percent, round, standardDeviation } from "../stats";
import { wordUnit } from "./labels";

export const sentencesProbe = defineProbe(sentencesSpec, {
  run({ book, chapters, params }) {
    const unit = wordUnit(book.language);
    // A sentence mostly in Han characters is Chinese and measured against the Chinese threshold.
    const isLong = (sentence: Sentence) =>
      sentence.words > (sentence.han * 2 > sentence.words ? params.longCharacters : params.longWords);
    const all = chapters.flatMap((chapter) => chapter.sentences);
    const lengths = all.map((sentence) => sentence.words);
    const long = all.filter(isLong).length;
    const buckets = bucketsFor(book.language);
    const counts = buckets.map(([low, high]) => lengths.filter((length) => length >= low && length <= high).length);
    const rows = chapters.map((chapter) => {
      const own = chapter.sentences.map((sentence) => sentence.words);
      return {
        number: chapter.number,
        chapter: chapter.label,
        sentences: own.length,
        mean: round(mean(own)),
        median: median(own),
        deviation: round(standardDeviation(own)),
        // A loop, not Math.max(...own): a chapter may hold more sentences than a call takes arguments.
        longest: own.reduce((most, words) => Math.max(most, words), 0),
        long: percent(chapter.sentences.filter(isLong).length, own.length),
      };
    });
    return {
      summary: [
        { label: "Sentences", value: all.length },
        { label: "Mean length", value: round(mean(lengths)), unit },
        { label: "Median length", value: median(lengths), unit },
        { label: "Variety (standard deviation)", value: round(standardDeviation(lengths)), unit },
        { label: "Very long sentences", value: percent(long, all.length), unit: "%" },
      ],
      table: {
        columns: [
          { key: "number", label: "#" },
          { key: "chapter", label: "Chapter" },
          { key: "sentences", label: "Sentences" },
          { key: "mean", label: "Mean length", unit },
          { key: "median", label: "Median length", unit },
          { key: "deviation", label: "Standard deviation", unit },
          { key: "longest", label: "Longest", unit },
          { key: "long", label: "Very long", unit: "%" },
        ],
        rows,
      },
      series: {
        x: buckets.map(([low, high]) => (high === Infinity ? `${low}+` : `${low}–${high}`)),
        series: [{ name: "Sentences", values: counts }],
        yLabel: `sentences by length in ${unit}`,
      },
    };
  },
});

/** Chinese sentences run longer in characters than English ones in words. */
function bucketsFor(language: Language): [number, number][] {
  return language === "zh"
    ? [[1, 10], [11, 20], [21, 30], [31, 40], [41, 60], [61, 80], [81, Infinity]]
    : [[1, 5], [6, 10], [11, 15], [16, 20], [21, 25], [26, 30], [31, 40], [41, Infinity]];
}
