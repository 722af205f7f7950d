import type { NoteWords } from "../note-words";
import type { PreparedBook } from "../prepared-book";
import type { Language } from "../report";
import { round } from "../stats";
import { COMPARE_BEATS } from "./series/beats";
import { COMPARE_SERIES } from "./registry";

/** One book as Compare draws it: its chapters on the 0–100 % axis and every registered series' values. */
export interface CompareProfile {
  title: string;
  language: Language;
  words: number;
  chapters: { id: string; number: number; title: string; words: number; start: number; end: number; position: number }[];
  /** By series key: one value per chapter, in chapter order. */
  values: Record<string, (number | string | null)[]>;
  /** By series key, for the series that say one: a line about this book the values need ("Lead speaker: Elizabeth"). */
  notes: Record<string, string>;
  /** The same lines as their keys and values (decision 0514), for a page to say in its language. */
  noteWords: Record<string, NoteWords>;
}

export interface CompareSeriesInfo {
  key: string;
  label: string;
  unit: string;
  /** A category series: its values, in the order to list them. */
  categories?: string[];
}

export const compareSeriesInfo = (keys: readonly string[] = COMPARE_SERIES.map((series) => series.key)): CompareSeriesInfo[] =>
  COMPARE_SERIES.filter((series) => keys.includes(series.key)).map(({ key, label, unit, categories }) => ({
    key,
    label,
    unit,
    ...(categories ? { categories: [...categories] } : {}),
  }));

/** The series Compare draws when the caller names none: those that mean something in either book's language. */
export function seriesForLanguages(languages: readonly Language[]): string[] {
  return COMPARE_SERIES.filter((series) => !series.languages || series.languages.some((language) => languages.includes(language))).map((series) => series.key);
}

/** The beat sheet laid over both books, targets in percent of the book. */
export const compareBeats = () => COMPARE_BEATS.map(({ name, target }) => ({ name, target }));

/**
 * Places each chapter at the middle of its share of the book's words, so two books of any length
 * meet on one axis; a book without words spreads its chapters evenly instead. `keys` picks the
 * series to compute (all of them when absent).
 */
export function compareProfile(book: PreparedBook, keys: readonly string[] = COMPARE_SERIES.map((series) => series.key)): CompareProfile {
  const chosen = COMPARE_SERIES.filter((series) => keys.includes(series.key));
  const count = book.chapters.length;
  let before = 0;
  const chapters = book.chapters.map((chapter, index) => {
    const start = book.words ? (100 * before) / book.words : (100 * index) / count;
    before += chapter.words;
    const end = book.words ? (100 * before) / book.words : (100 * (index + 1)) / count;
    return { id: chapter.id, number: chapter.number, title: chapter.label, words: chapter.words, start: round(start, 2), end: round(end, 2), position: round((start + end) / 2, 2) };
  });
  const notes = chosen.flatMap((series) => {
    const note = series.note?.(book);
    return note ? [[series.key, note] as const] : [];
  });
  return {
    title: book.title,
    language: book.language,
    words: book.words,
    chapters,
    values: Object.fromEntries(chosen.map((series) => [series.key, series.compute(book)])),
    notes: Object.fromEntries(notes.map(([key, note]) => [key, note.text])),
    noteWords: Object.fromEntries(notes.map(([key, note]) => [key, { key: note.key, values: note.values }])),
  };
}
