import type { Language } from "../report";

/** What a "word" is in this book: Chinese counts characters (字). */
export function wordUnit(language: Language): string {
  if (language === "zh") return "characters (字)";
  return language === "mixed" ? "words (Chinese: characters)" : "words";
}
