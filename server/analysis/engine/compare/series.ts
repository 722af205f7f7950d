import type { PreparedBook } from "../prepare";

/** One measure of a book along its length: one value per chapter, placed at the chapter's middle (0–100 % of words). */
export interface CompareSeries {
  key: string; // "dialogue-share", "chapter-words", "hook", "emotion" …
  label: string; // what the chart shows, English
  unit: string; // "%", "words", "score", "" …
  /** numbers for line charts; a category string for kinds (hook type), null where a chapter has none */
  compute(book: PreparedBook): (number | string | null)[];
}
