import { languageData } from "../language-data";
import type { ChapterTokens, PreparedBook, PreparedChapter } from "../prepared-book";
import { reportNote } from "../notes";
import { defineProbe } from "../probe";
import { readabilitySpec } from "../probe-specs";
import { round } from "../stats";
import { countHan, latinWords } from "../tokens";

/**
 * English: Flesch Reading Ease, Flesch–Kincaid grade and the Automated Readability Index over
 * the sentences written mostly in Latin letters, syllables from the `syllable` library.
 * Chinese: mean characters per sentence and per clause (分句, cut at ，；：). The published
 * Chinese formulas (荆溪昱 1995, 左虹 & 朱勇 2014) also weigh the share of uncommon characters and
 * words against graded lists that no maintained package ships; sentence length is the part all of
 * them share and weigh most, so it is what is reported, with no invented grade.
 */
export const readabilityProbe = defineProbe(readabilitySpec, {
  run({ book, chapters }) {
    const rows = [];
    const total = emptyTally();
    for (const chapter of chapters) {
      // An English or mixed book's words are read once for all probes; a Chinese book's would
      // cost a dictionary pass for its few English sentences, which are read on their own.
      const tally = tallyChapter(book, chapter, book.language === "zh" ? null : book.tokens(chapter));
      addTally(total, tally);
      rows.push({ number: chapter.number, chapter: chapter.label, ...scores(tally) });
    }
    const whole = scores(total);
    const english = total.sentences > 0;
    const chinese = total.hanSentences > 0;
    const summary = [];
    if (english) {
      summary.push(
        { label: "Flesch Reading Ease", value: whole.readingEase! },
        { label: "Flesch–Kincaid grade", value: whole.grade! },
        { label: "Automated Readability Index", value: whole.ari! },
      );
    }
    if (chinese) {
      summary.push(
        { label: "Characters per sentence", value: whole.charactersPerSentence!, unit: "字" },
        { label: "Characters per clause", value: whole.charactersPerClause!, unit: "字" },
      );
    }
    const series = [];
    if (english) series.push({ name: "Flesch Reading Ease", values: rows.map((row) => row.readingEase) });
    if (chinese) series.push({ name: "Characters per sentence", values: rows.map((row) => row.charactersPerSentence) });
    return {
      summary,
      table: {
        columns: [
          { key: "number", label: "#" },
          { key: "chapter", label: "Chapter" },
          { key: "readingEase", label: "Flesch Reading Ease" },
          { key: "grade", label: "Flesch–Kincaid grade" },
          { key: "ari", label: "ARI" },
          { key: "charactersPerSentence", label: "Characters per sentence", unit: "字" },
          { key: "charactersPerClause", label: "Characters per clause", unit: "字" },
        ],
        rows,
      },
      series: { x: rows.map((row) => row.chapter), series, yLabel: english ? "Reading Ease (higher is easier)" : "字" },
      notes: [
        ...(english ? [reportNote("readingEase")] : []),
        ...(chinese ? [reportNote("chineseReadability")] : []),
      ],
    };
  },
});

export type ChapterReadability = ReturnType<typeof scores>;

/** One chapter's scores, as the probe's table gives them; kept per book, since Compare asks twice. */
export function chapterReadability(book: PreparedBook, chapter: PreparedChapter): ChapterReadability {
  let known = book.memo.get("chapter-readability") as Map<PreparedChapter, ChapterReadability> | undefined;
  if (!known) book.memo.set("chapter-readability", (known = new Map()));
  let found = known.get(chapter);
  if (!found) known.set(chapter, (found = scores(tallyChapter(book, chapter, book.language === "zh" ? null : book.tokens(chapter)))));
  return found;
}

interface Tally {
  sentences: number;
  words: number;
  syllables: number;
  letters: number;
  hanSentences: number;
  han: number;
  clauses: number;
}

function emptyTally(): Tally {
  return { sentences: 0, words: 0, syllables: 0, letters: 0, hanSentences: 0, han: 0, clauses: 0 };
}

function addTally(into: Tally, tally: Tally) {
  for (const key of Object.keys(into) as (keyof Tally)[]) into[key] += tally[key];
}

function tallyChapter(book: PreparedBook, chapter: PreparedChapter, tokens: ChapterTokens | null): Tally {
  const tally = emptyTally();
  const measures = wordMeasures(book);
  chapter.sentences.forEach((sentence, index) => {
    if (sentence.han * 2 > sentence.words) {
      tally.hanSentences++;
      tally.han += sentence.han;
      tally.clauses += clauses(sentence.text);
      return;
    }
    const words = tokens
      ? tokens.ids.subarray(tokens.sentenceStarts[index], tokens.sentenceStarts[index + 1] ?? tokens.ids.length)
      : latinWords(sentence.text).map((word) => measures.idOf(word.toLowerCase()));
    let counted = 0;
    for (const id of words) {
      const measure = measures.of(id);
      if (!measure) continue;
      counted++;
      tally.syllables += measure.syllables;
      tally.letters += measure.letters;
    }
    if (counted === 0) return;
    tally.sentences++;
    tally.words += counted;
  });
  return tally;
}

/**
 * Syllables and letters of each word by its vocabulary number, worked out once per book; none
 * for a Chinese word in a mostly English sentence.
 */
function wordMeasures(book: PreparedBook) {
  let measures = book.memo.get("word-measures") as ({ syllables: number; letters: number } | null)[] | undefined;
  if (!measures) book.memo.set("word-measures", (measures = []));
  const known = measures;
  const { words, ids } = book.vocabulary;
  const { syllables } = languageData();
  return {
    of(id: number) {
      let measure = known[id];
      if (measure === undefined) {
        const word = words[id]!;
        measure = known[id] = HAN.test(word) ? null : { syllables: Math.max(1, syllables(word)), letters: word.replace(/'/g, "").length };
      }
      return measure;
    },
    /** Numbers a word the tokens have not met (a Chinese book's English words). */
    idOf(word: string) {
      const plain = word.replace(/’/g, "'");
      let id = ids.get(plain);
      if (id === undefined) ids.set(plain, (id = words.push(plain) - 1));
      return id;
    },
  };
}

const CLAUSE_BREAKS = new Set("，；：,;:");

/** The sentence's clauses (分句): the pieces between ，；： that hold a Han character. */
function clauses(sentence: string): number {
  let count = 0;
  let start = 0;
  for (let i = 0; i <= sentence.length; i++) {
    if (i < sentence.length && !CLAUSE_BREAKS.has(sentence[i]!)) continue;
    if (countHan(sentence.slice(start, i)) > 0) count++;
    start = i + 1;
  }
  return count;
}
const HAN = /\p{Script=Han}/u;

function scores(tally: Tally) {
  const english = tally.sentences > 0 && tally.words > 0;
  const wordsPerSentence = tally.words / tally.sentences;
  const syllablesPerWord = tally.syllables / tally.words;
  return {
    readingEase: english ? round(206.835 - 1.015 * wordsPerSentence - 84.6 * syllablesPerWord) : null,
    grade: english ? round(0.39 * wordsPerSentence + 11.8 * syllablesPerWord - 15.59) : null,
    ari: english ? round(4.71 * (tally.letters / tally.words) + 0.5 * wordsPerSentence - 21.43) : null,
    charactersPerSentence: tally.hanSentences ? round(tally.han / tally.hanSentences) : null,
    charactersPerClause: tally.clauses ? round(tally.han / tally.clauses) : null,
  };
}

