import { castOf } from "../../cast";
import type { PreparedBook } from "../../prepared-book";
import { linesOfSpeech } from "../../attribution";
import { compareNote } from "../../notes";
import { percent } from "../../stats";
import type { CompareSeries } from "../series";

/**
 * Every chapter's lines of speech whose tag names one of the book's proposed cast (`linesOfSpeech`
 * keeps each chapter's lines in the book's memo, so the series and the note read them once). Tags
 * alone: a beat or the turns of an exchange credit more lines in the speakers report, but the
 * series compare how books tag their speech.
 */
function castLinesByChapter(book: PreparedBook) {
  const cast = castOf(book, {});
  return book.chapters.map((chapter) => linesOfSpeech(book, chapter, cast).filter((line) => line.credit === "tag"));
}

/** The character whose tagged lines hold the most words in the whole book. */
function leadSpeaker(book: PreparedBook): string | null {
  const words = new Map<string, number>();
  for (const line of castLinesByChapter(book).flat()) words.set(line.speaker, (words.get(line.speaker) ?? 0) + line.spoken);
  return [...words].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1))[0]?.[0] ?? null;
}

/** How many of the cast a chapter's dialogue tags name: one voice, a duet, a crowd. */
export const speakersSeries: CompareSeries = {
  key: "speakers",
  label: "Characters who speak (named in a dialogue tag)",
  unit: "speakers",
  compute: (book) => castLinesByChapter(book).map((lines) => new Set(lines.map((line) => line.speaker)).size),
};

/**
 * The book's lead speaker's share of the chapter's lines credited to a character: how much the
 * protagonist holds the floor, wherever each book's lead is someone else. None where no line
 * is credited to a character.
 */
export const leadSpeakerSeries: CompareSeries = {
  key: "lead-speaker",
  label: "Lead speaker's share of the lines (of lines whose tag names a character)",
  unit: "%",
  compute(book) {
    const lead = leadSpeaker(book);
    return castLinesByChapter(book).map((credited) => (lead && credited.length ? percent(credited.filter((line) => line.speaker === lead).length, credited.length) : null));
  },
  note(book) {
    const lead = leadSpeaker(book);
    return lead ? compareNote("leadSpeaker", { name: lead }) : compareNote("noLeadSpeaker");
  },
};
