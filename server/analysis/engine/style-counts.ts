import { castOf, chineseWords, type Cast } from "./cast";
import { NameMatcher } from "@/server/text/name-matcher";
import type { PreparedBook, PreparedChapter } from "./prepared-book";
import type { RunParameters } from "./run-parameters";
import { NOT_ADVERBS } from "./speech";

/**
 * The word habits the overuse report counts, per language. Closed lists (plus English -ly words),
 * so a name can only reach them by ending in -ly, and names are taken out of those and of the
 * sentence openings.
 */
export const STYLE_CATEGORIES = {
  en: {
    "-ly adverbs": null,
    "filter verbs": words(
      "saw see sees seeing seen heard hear hears hearing felt feel feels feeling noticed notice notices noticing realized realised realize realise realizes realises " +
        "watched watch watches watching wondered wonder wonders thought think thinks knew know knows seemed seem seems looked decided smelled smelt tasted sensed",
    ),
    intensifiers: words("very really just quite rather extremely totally completely absolutely incredibly truly simply literally somewhat utterly entirely terribly awfully so too"),
  },
  zh: {
    "的/了/着": words("的 了 着"),
    "filter verbs": words("看到 看见 听到 听见 感到 感觉 觉得 发现 注意到 意识到 察觉 似乎 仿佛"),
    intensifiers: words("非常 十分 很 极其 特别 格外 实在 真是 太 极 无比 相当 异常"),
    "stock phrases": words(
      "嘴角微微上扬 嘴角上扬 嘴角勾起 倒吸一口凉气 倒吸了一口凉气 深吸一口气 深吸了一口气 眼中闪过一丝 闪过一丝 心中一凛 心中一动 心头一震 瞳孔一缩 瞳孔猛地一缩 " +
        "脸色一变 脸色大变 冷哼一声 目光一凝 眉头一皱 眉头微皱 微微一笑 淡淡一笑 不由得 忍不住 不禁 顿时 竟然 居然 一丝 淡淡的 缓缓地 轻轻地 猛地 一股",
    ),
  },
} as const;

function words(list: string): ReadonlySet<string> {
  return new Set(list.split(" "));
}

export type StyleLanguage = keyof typeof STYLE_CATEGORIES;

export interface StyleCounts {
  language: StyleLanguage;
  words: number;
  sentences: number;
  /** Uses per category. */
  categories: Record<string, number>;
  /** Uses of each word, keyed `category\tword`. */
  terms: Map<string, number>;
  /** How many sentences open with each word (lower-cased). */
  openings: Map<string, number>;
}

/** The counts for the overuse report (and, run on published novels, for its benchmark). */
export function styleCounts(book: PreparedBook, chapters: PreparedChapter[], parameters: RunParameters): StyleCounts {
  const cast = castOf(book, parameters);
  const language: StyleLanguage = book.language === "zh" ? "zh" : "en";
  const counts: StyleCounts = {
    language,
    words: chapters.reduce((sum, chapter) => sum + chapter.words, 0),
    sentences: chapters.reduce((sum, chapter) => sum + chapter.sentences.length, 0),
    categories: Object.fromEntries(Object.keys(STYLE_CATEGORIES[language]).map((category) => [category, 0])),
    terms: new Map(),
    openings: new Map(),
  };
  const count = (category: string, word: string) => {
    counts.categories[category]!++;
    const key = `${category}\t${word}`;
    counts.terms.set(key, (counts.terms.get(key) ?? 0) + 1);
  };
  if (language === "en") countEnglish(book, chapters, cast, counts, count);
  else countChinese(book, chapters, cast, counts, count);
  return counts;
}

/** The cast's names as the word lists meet them: lower-case words for English, whole names for Chinese. */
function nameWords(cast: Cast): Set<string> {
  return new Set(cast.members.flatMap((member) => member.names.flatMap((name) => [name, ...name.toLowerCase().split(/[^\p{L}'’]+/u)])).filter(Boolean));
}

function countEnglish(book: PreparedBook, chapters: PreparedChapter[], cast: Cast, counts: StyleCounts, count: (category: string, word: string) => void) {
  const names = nameWords(cast);
  const { filter, intensifier, adverb } = englishClasses(book, names);
  for (const chapter of chapters) {
    const { ids, sentenceStarts } = book.tokens(chapter);
    for (const id of ids) {
      if (adverb(id)) count("-ly adverbs", book.vocabulary.words[id]!);
      else if (filter(id)) count("filter verbs", book.vocabulary.words[id]!);
      else if (intensifier(id)) count("intensifiers", book.vocabulary.words[id]!);
    }
    for (const start of sentenceStarts) {
      const word = start < ids.length ? book.vocabulary.words[ids[start]!]! : undefined;
      if (word && !names.has(word) && /\p{L}/u.test(word)) counts.openings.set(word, (counts.openings.get(word) ?? 0) + 1);
    }
  }
}

/** Each vocabulary word's class, worked out once per word rather than once per use. */
function englishClasses(book: PreparedBook, names: Set<string>) {
  const classes = new Map<number, number>();
  const classOf = (id: number) => {
    let found = classes.get(id);
    if (found === undefined) {
      const word = book.vocabulary.words[id]!;
      const { en } = STYLE_CATEGORIES;
      // The closed lists first: "really" is an intensifier before it is an -ly adverb.
      found = en["filter verbs"].has(word) ? 2 : en.intensifiers.has(word) ? 3 : /^\p{L}+ly$/u.test(word) && word.length > 4 && !NOT_ADVERBS.has(word) && !names.has(word) ? 1 : 0;
      classes.set(id, found);
    }
    return found;
  };
  return { adverb: (id: number) => classOf(id) === 1, filter: (id: number) => classOf(id) === 2, intensifier: (id: number) => classOf(id) === 3 };
}

const HAS_LETTER = /\p{L}/u;

function countChinese(book: PreparedBook, chapters: PreparedChapter[], cast: Cast, counts: StyleCounts, count: (category: string, word: string) => void) {
  const { zh } = STYLE_CATEGORIES;
  const names = nameWords(cast);
  const phrases = [...zh["stock phrases"]];
  const matcher = new NameMatcher(phrases);
  for (const chapter of chapters) {
    const sentences = chineseWords(book, chapter, cast);
    sentences.forEach((sentence, index) => {
      let opened = false;
      for (const word of sentence) {
        if (zh["的/了/着"].has(word)) count("的/了/着", word);
        else if (zh["filter verbs"].has(word)) count("filter verbs", word);
        else if (zh.intensifiers.has(word)) count("intensifiers", word);
        if (!opened && HAS_LETTER.test(word)) {
          opened = true;
          if (!names.has(word)) counts.openings.set(word, (counts.openings.get(word) ?? 0) + 1);
        }
      }
      matcher.forEachMatch(chapter.sentences[index]!.text, (phrase) => count("stock phrases", phrases[phrase]!));
    });
  }
}
