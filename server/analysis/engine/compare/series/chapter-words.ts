import type { CompareSeries } from "../series";

/** Chapter length in the book's own unit: words, or characters (字) for Chinese. */
export const chapterWordsSeries: CompareSeries = {
  key: "chapter-words",
  label: "Chapter length",
  unit: "words",
  compute: (book) => book.chapters.map((chapter) => chapter.words),
};
