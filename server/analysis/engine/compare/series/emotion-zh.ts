import { chapterEmotion } from "../../probes/emotion";
import { round } from "../../stats";
import type { CompareSeries } from "../series";

/**
 * The emotion arc report's lean for a Chinese book: the AFINN-zh scores of the chapter's jieba
 * words (a word after a negation such as 不 or 没有 counted the other way), summed per 1,000
 * characters, the figure that report shows. A lexicon measure, like the English series; the two
 * lexicons are not on one scale, so each language has its own chart.
 */
export const emotionZhSeries: CompareSeries = {
  key: "emotion-zh",
  label: "Emotion (AFINN-zh lean per 1,000 characters)",
  unit: "per 1,000 字",
  languages: ["zh"],
  compute: (book) =>
    book.chapters.map((chapter) => {
      if (book.language !== "zh" || chapter.words === 0) return null;
      return round((chapterEmotion(book, chapter, {}).score * 1000) / chapter.words, 2);
    }),
};
