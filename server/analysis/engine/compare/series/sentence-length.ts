import { mean, round } from "../../stats";
import type { CompareSeries } from "../series";

/** Mean sentence length, as the sentence-length probe counts it (words; characters for Chinese). */
export const sentenceLengthSeries: CompareSeries = {
  key: "sentence-length",
  label: "Mean sentence length",
  unit: "words",
  compute: (book) =>
    book.chapters.map((chapter) => (chapter.sentences.length ? round(mean(chapter.sentences.map((sentence) => sentence.words))) : null)),
};
