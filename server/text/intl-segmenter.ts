import { NameMatcher } from "./name-matcher";
import { keepWhole, taughtWords, type Segmenter } from "./segmenter";

/**
 * The browser's segmenter for findMentions: the platform's Intl.Segmenter (ICU's Chinese word
 * dictionary), taught `userWords` the way chineseSegmenter teaches jieba, by making every place a
 * taught word stands exactly one word. The editor marks names with it, since jieba is a native
 * module the browser cannot load; ICU and jieba may cut ordinary words differently, which only
 * matters for a one-character name (the one case findMentions asks the segmenter about).
 */
export function intlSegmenter(userWords: readonly string[], locale = "zh"): Segmenter {
  const words = taughtWords(userWords);
  const matcher = words.length ? new NameMatcher(words) : undefined;
  const segmenter = new Intl.Segmenter(locale, { granularity: "word" });
  return {
    words(text) {
      if (text.length === 0) return [];
      const pieces = Array.from(segmenter.segment(text), (piece) => piece.segment);
      return matcher ? keepWhole(text, pieces, matcher) : pieces;
    },
  };
}
