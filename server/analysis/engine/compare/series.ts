import type { Worded } from "../note-words";
import type { PreparedBook } from "../prepared-book";
import type { Language } from "../report";

/** One measure of a book along its length: one value per chapter, placed at the chapter's middle (0–100 % of words). */
export interface CompareSeries {
  key: string; // "dialogue-share", "chapter-words", "hook", "emotion" …
  label: string; // what the chart shows, English
  unit: string; // "%", "words", "score", "" …
  /**
   * The book languages the measure means something for (a lexicon or a formula made for one
   * language); absent: every language. Compare draws by default the series that apply to either book.
   */
  languages?: readonly Language[];
  /**
   * A category series (its values are strings): every value it can take, in the order a chart
   * lists them. Absent: a series of numbers (or, for the turning points, names).
   */
  categories?: readonly string[];
  /** numbers for line charts; a category string for kinds (hook type), null where a chapter has none */
  compute(book: PreparedBook): (number | string | null)[];
  /** A line about one book that the values need to be read ("Lead speaker: Elizabeth", `compareNote`); null: none. */
  note?(book: PreparedBook): Worded | null;
}
