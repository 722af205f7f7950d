import { noteArgument, type NoteValue, type Worded } from "./note-words";
import { wordUnit } from "./probes/labels";
import type { Language } from "./report";

/**
 * Every sentence the engine writes into a report or a comparison, by its stable key (decision 0514):
 * the English a program reads, made from the values a page words again in its own language. The
 * English catalog's message of each key (`analysisReport.note.<key>`, `analysisReport.value.<key>`,
 * `analysis.compare.note.<key>`) says the same as these do; test/unit/analysis-report-words.test.ts
 * words every note of every built-in template with it and compares.
 */

/** A list in English as the pages join one (the English catalog's separator). */
const list = (names: string[]) => String(noteArgument(names, "en", ", "));
/** "A, B, or C". */
const oneOf = (names: string[]) => String(noteArgument({ anyOf: names }, "en", ", "));
const times = (count: number) => (count === 1 ? "once" : `${count} times`);

type Sentences = Record<string, (values: never) => string>;

/** A report section's notes. */
const REPORT_NOTES = {
  noChapters: () => "This book has no chapters yet.",
  noText: () => "This book's chapters have no text yet.",
  noChaptersInRange: (v: { from: number; to: number }) => `This book has no chapters in the range ${v.from}–${v.to}.`,
  noChaptersFrom: (v: { from: number }) => `This book has no chapters in the range ${v.from}–end.`,
  // characters and co-occurrence
  noCharactersFound: () => "No characters were named and none could be found in the text; name them when running the template.",
  charactersFromText: () => "No characters were named, so these are names found in the text; name the characters when running the template to follow them.",
  needsTwoCharacters: () => "Co-occurrence needs at least two characters; name them when running the template.",
  neverFound: (v: { names: string[] }) => `Never found in the text: ${list(v.names)}.`,
  neverFoundInRange: (v: { from: number; to: number; names: string[] }) => `Never found in chapters ${v.from}–${v.to}: ${list(v.names)}.`,
  aloneCounted: (v: { name: string; times: number; counted: string; others: { anyOf: string[] } }) =>
    `“${v.name}” alone (${times(v.times)}) is counted for ${v.counted}, the man of the name; it could be ${oneOf(v.others.anyOf)}.`,
  aloneUncounted: (v: { name: string; times: number; could: { anyOf: string[] } }) => `“${v.name}” alone (${times(v.times)}) could be ${oneOf(v.could.anyOf)}: counted for none of them.`,
  otherNames: (v: { names: string[] }) => `Other names found in the text: ${list(v.names)}.`,
  // speakers
  speakersFromText: () => "No characters were named, so the speakers are the names found in the text; name them when running the template.",
  noSpeakersFound: () => "No characters were named and none could be found; name them when running the template. Tags naming a pronoun are still counted.",
  credited: (v: { tag: number; pronoun: number; beat: number; turn: number }) =>
    `Lines credited to a character as a reader credits them: by their tag ${v.tag}, by whom their tag's he or she stands for ${v.pronoun}, by a name beside the speech ${v.beat}, by the turns of an exchange ${v.turn}.`,
  // pacing
  talkingHeads: (v: { chapter: string; runs: number; longest: number }) => `${v.chapter}: ${v.runs} run(s) of talking heads, the longest ${v.longest} lines.`,
  introspection: (v: { chapter: string; stretches: number; longest: number; unit: Language }) =>
    `${v.chapter}: ${v.stretches} long stretch(es) of introspection, the longest ${v.longest} ${wordUnit(v.unit)}.`,
  // chapter lengths and endings
  outlier: (v: { chapter: string; kind: "long" | "short"; words: number; mean: number }) => `${v.chapter} is ${v.kind}: ${v.words} against a mean of ${v.mean}.`,
  chaptersWithoutText: (v: { count: number }) => `${v.count} chapters without text are left out.`,
  // terms
  termsFromCast: () => "No terms were given, so the first characters of the cast are traced; give the words to trace when running the template.",
  noTerms: () => "No terms were given; give the words, names or objects to trace when running the template.",
  termNeverFound: (v: { term: string }) => `“${v.term}” is never found in these chapters.`,
  termUsesListed: (v: { term: string; uses: number; listed: number }) => `“${v.term}” is used ${v.uses} times; the first ${v.listed} are listed.`,
  // the other probes; fixedPlaces is said with every beat sheet, so a writer does not read a beat's row as a turn found in the text
  fixedPlaces: () =>
    "Each beat is placed where it usually falls, at a fixed share of the book's words (the template's percentages); the text is not read for the turn itself. Check that the chapter named holds it, or move the beat in the template.",
  noWordsForBeats: () => "There are no words to lay the beats over yet.",
  documentsApart: () => "Quoted letters, notes and other documents are counted apart from dialogue.",
  readingEase: () => "Reading Ease: 90–100 very easy, 60–70 plain English, under 30 very hard.",
  chineseReadability: () => "Chinese readability is given as sentence and clause length in characters: shorter reads faster.",
  lexicon: (v: { lexicon: string }) => `A lexicon measure (${v.lexicon}): it counts rated words, not meaning.`,
  benchmark: (v: { books: string[]; words: number; unit: Language }) => `Benchmark: ${list(v.books)} (${v.words.toLocaleString("en")} ${v.unit === "zh" ? "characters" : "words"}).`,
} satisfies Sentences;

/** A summary figure's value that is a sentence. */
const REPORT_VALUES = {
  mostWordsSpoken: (v: { name: string; percent: number }) => `${v.name} (${v.percent}% of the characters' speech)`,
  againstPublished: (v: { rate: number; published: number }) => `${v.rate} (published fiction ${v.published})`,
  commonestOpening: (v: { opening: string; percent: number }) => `${v.opening} (${v.percent}% of sentences)`,
  termNeverFound: () => "never found",
  termUses: (v: { uses: number; first: string; last: string; gap: number; unit: Language }) =>
    `${v.uses} uses · first in ${v.first} · last in ${v.last} · longest gap ${v.gap} ${wordUnit(v.unit)}`,
} satisfies Sentences;

/** A line about one book that Compare's series need. */
const COMPARE_NOTES = {
  leadSpeaker: (v: { name: string }) => `Lead speaker: ${v.name}`,
  noLeadSpeaker: () => "No character is named in a dialogue tag",
} satisfies Sentences;

export const SENTENCES = { reportNote: REPORT_NOTES, reportValue: REPORT_VALUES, compareNote: COMPARE_NOTES } as const;

type ValuesOf<F> = F extends () => string ? [] : F extends (values: infer V) => string ? [values: V] : never;

function sayer<T extends Sentences>(sentences: T) {
  return <K extends keyof T & string>(key: K, ...[values]: ValuesOf<T[K]>): Worded => {
    const given = (values ?? {}) as Record<string, NoteValue>;
    return { text: (sentences[key] as (values: Record<string, NoteValue>) => string)(given), key, values: given };
  };
}

/** A report section's note: `reportNote("talkingHeads", { chapter, runs, longest })`. */
export const reportNote = sayer(REPORT_NOTES);
/** A summary figure's value that is a sentence, as the figure's `value` and `valueWords`. */
export function reportValue<K extends keyof typeof REPORT_VALUES>(key: K, ...values: ValuesOf<(typeof REPORT_VALUES)[K]>): { value: string; valueWords: { key: string; values: Record<string, NoteValue> } } {
  const { text, ...words } = sayValue(key, ...values);
  return { value: text, valueWords: words };
}
const sayValue = sayer(REPORT_VALUES);
/** A Compare series' line about one book. */
export const compareNote = sayer(COMPARE_NOTES);
