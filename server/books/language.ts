import type { CountRule, ParagraphIndent } from "../text/text-rules";

/**
 * What a book's language (its BCP 47 tag) decides beyond the text: how a new book counts its
 * length and indents its paragraphs, and what a new chapter is called. Pure, so the pages use it
 * as the API does.
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

// Chinese books open every paragraph two characters in (　　), as the platforms and print do.
const INDENTED_IN_FULL_WIDTH = new Set(["zh", "yue"]);

/**
 * The counting rule and paragraph indent a book in `language` starts with (decision 0491): 字数
 * with punctuation for Chinese and Japanese, as 起点 and Word count; the two-character indent for
 * Chinese; words and the typographic indent for everything else, as before.
 */
export function bookDefaults(language: string): { countRule: CountRule; paragraphIndent: ParagraphIndent } {
  return {
    countRule: countsCharacters(language) ? "characters" : "words",
    paragraphIndent: INDENTED_IN_FULL_WIDTH.has(primary(language)) ? "fullWidth" : "typographic",
  };
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

/** Chinese written in traditional characters: zh-Hant, and the regions that write it (Taiwan, Hong Kong, Macau), and Cantonese. */
function traditional(language: string): boolean {
  const tag = language.toLowerCase();
  return primary(tag) === "yue" || (primary(tag) === "zh" && /-(hant|tw|hk|mo)\b/.test(tag) && !/-hans\b/.test(tag));
}

const SCENE_NAMES: Record<string, (place: number, language: string) => string> = {
  zh: (n, language) => (traditional(language) ? `第${n}場` : `第${n}场`),
  yue: (n) => `第${n}場`,
  fr: (n) => `Scène ${n}`,
  de: (n) => `Szene ${n}`,
  es: (n) => `Escena ${n}`,
  pt: (n) => `Cena ${n}`,
  it: (n) => `Scena ${n}`,
  nl: (n) => `Scène ${n}`,
  ru: (n) => `Сцена ${n}`,
};

/**
 * What a scene the writer left untitled is called at `place` (1-based, in its chapter) in a
 * document made in `language`: "第2场" in a Chinese book (第2場 in traditional characters), "Scene 2"
 * by default. Pages name it in their own language from their catalog (decision 0516).
 */
export function untitledSceneTitle(place: number, language: string): string {
  return (SCENE_NAMES[primary(language)] ?? ((n: number) => `Scene ${n}`))(place, language);
}

/**
 * The language a text is written in, when its script says so beyond doubt: Chinese, Japanese
 * (kana among the Han) or Korean, once most of its letters are theirs. Latin and other scripts
 * say too little about the language to guess it: undefined.
 */
export function languageOfScript(text: string): string | undefined {
  let letters = 0;
  let han = 0;
  let kana = 0;
  let hangul = 0;
  for (const char of text) {
    if (!/\p{L}/u.test(char)) continue;
    letters++;
    if (/\p{Script=Han}/u.test(char)) han++;
    else if (/[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(char)) kana++;
    else if (/\p{Script=Hangul}/u.test(char)) hangul++;
  }
  if (letters === 0) return undefined;
  if (hangul * 2 > letters) return "ko";
  if ((han + kana) * 2 <= letters) return undefined;
  return kana * 10 > han + kana ? "ja" : "zh";
}
