import { reportNote } from "../notes";
import { defineProbe } from "../probe";
import { chapterLengthsSpec } from "../probe-specs";
import { mean, percent, round, standardDeviation } from "../stats";
import { wordUnit } from "./labels";

export const chapterLengthsProbe = defineProbe(chapterLengthsSpec, {
  run({ book, chapters, params }) {
    const unit = wordUnit(book.language);
    const lengths = chapters.map((chapter) => chapter.words);
    const average = mean(lengths);
    const deviation = standardDeviation(lengths);
    const rows = chapters.map((chapter) => {
      const z = deviation === 0 ? 0 : (chapter.words - average) / deviation;
      const outlier: "long" | "short" | "" = Math.abs(z) > params.outlierZ ? (z > 0 ? "long" : "short") : "";
      return {
        number: chapter.number,
        chapter: chapter.label,
        words: chapter.words,
        vsMean: percent(chapter.words - average, average),
        z: round(z, 2),
        outlier,
      };
    });
    const outliers = rows.filter((row): row is (typeof rows)[number] & { outlier: "long" | "short" } => row.outlier !== "");
    const longest = rows.reduce<(typeof rows)[number] | null>((best, row) => (!best || row.words > best.words ? row : best), null);
    const shortest = rows.reduce<(typeof rows)[number] | null>((best, row) => (!best || row.words < best.words ? row : best), null);
    return {
      summary: [
        { label: "Mean length", value: round(average), unit },
        { label: "Standard deviation", value: round(deviation), unit },
        { label: "Variation (std dev / mean)", value: percent(deviation, average), unit: "%" },
        { label: "Longest", value: longest ? `${longest.chapter} (${longest.words})` : "—" },
        { label: "Shortest", value: shortest ? `${shortest.chapter} (${shortest.words})` : "—" },
        { label: "Outliers", value: outliers.length },
      ],
      table: {
        columns: [
          { key: "number", label: "#" },
          { key: "chapter", label: "Chapter" },
          { key: "words", label: "Length", unit },
          { key: "vsMean", label: "Against the mean", unit: "%" },
          { key: "z", label: "Standard deviations from the mean" },
          { key: "outlier", label: "Outlier" },
        ],
        rows,
      },
      series: {
        x: chapters.map((chapter) => chapter.label),
        series: [
          { name: "Length", values: lengths },
          { name: "Mean", values: lengths.map(() => round(average)) },
        ],
        yLabel: unit,
      },
      notes: outliers.map((row) => reportNote("outlier", { chapter: row.chapter, kind: row.outlier, words: row.words, mean: round(average) })),
    };
  },
});
