import { chapterReadability } from "../../probes/readability";
import type { CompareSeries } from "../series";

/** Flesch Reading Ease of the chapter's English sentences; none for a chapter written in Chinese. */
export const readabilitySeries: CompareSeries = {
  key: "readability",
  label: "Flesch Reading Ease (higher is easier)",
  unit: "score",
  languages: ["en", "mixed"],
  compute: (book) => book.chapters.map((chapter) => chapterReadability(book, chapter).readingEase),
};

/** The Chinese counterpart the readability probe reports: characters per clause (分句). */
export const clauseLengthSeries: CompareSeries = {
  key: "clause-length",
  label: "Characters per clause (Chinese)",
  unit: "字",
  languages: ["zh", "mixed"],
  compute: (book) => book.chapters.map((chapter) => chapterReadability(book, chapter).charactersPerClause),
};
