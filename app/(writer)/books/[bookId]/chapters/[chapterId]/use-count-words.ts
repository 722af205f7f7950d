import { useTranslations } from "use-intl";
import { countsCharacters } from "@/server/books/language";

/**
 * "2,417 words", "2,417 characters" or "2417 字" in the page's language: a Chinese or Japanese book
 * is counted in characters, any other in words (the unit follows the book, the words the page).
 */
export function useCountWords(): (count: number, language: string) => string {
  const t = useTranslations("editor.count");
  return (count, language) => t(countsCharacters(language) ? "characters" : "words", { count });
}
