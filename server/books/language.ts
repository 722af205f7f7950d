/**
 * What a book's language (its BCP 47 tag) decides beyond the text: whether its length is counted
 * in characters, and what a new chapter is called. Pure, so the pages use it as the API does.
 */

/** The language subtag: "zh" for "zh-Hans-CN". */
function primary(language: string): string {
  return language.split("-", 1)[0]!.toLowerCase();
}

// Writers of these languages count 字数: one per CJK character, as countWords counts them.
const CHARACTER_COUNTED = new Set(["zh", "ja", "yue"]);

export function countsCharacters(language: string): boolean {
  return CHARACTER_COUNTED.has(primary(language));
}

const CHAPTER_NAMES: Record<string, (place: number) => string> = {
  zh: (n) => `第${n}章`,
  ja: (n) => `第${n}章`,
  yue: (n) => `第${n}章`,
  ko: (n) => `제${n}장`,
  fr: (n) => `Chapitre ${n}`,
  de: (n) => `Kapitel ${n}`,
  es: (n) => `Capítulo ${n}`,
  pt: (n) => `Capítulo ${n}`,
  it: (n) => `Capitolo ${n}`,
  nl: (n) => `Hoofdstuk ${n}`,
  ru: (n) => `Глава ${n}`,
};

/** The name of an untitled new chapter at `place` (1-based): "第2章" in a Chinese book, "Chapter 2" by default. */
export function newChapterTitle(place: number, language: string): string {
  return (CHAPTER_NAMES[primary(language)] ?? ((n: number) => `Chapter ${n}`))(place);
}
