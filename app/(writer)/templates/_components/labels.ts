import { TEMPLATE_CATEGORIES, TEMPLATE_LANGUAGES } from "@/server/analysis/schemas";

/** The words a page has for categories and languages: its `analysis` translator, on the server or in the browser. */
type Words = (key: `categoryName.${(typeof TEMPLATE_CATEGORIES)[number]}` | `languageName.${(typeof TEMPLATE_LANGUAGES)[number]}`) => string;

/** A template's category in the page's language; a category the catalog does not know, as stored. */
export function categoryLabel(t: Words, category: string): string {
  return (TEMPLATE_CATEGORIES as readonly string[]).includes(category) ? t(`categoryName.${category as (typeof TEMPLATE_CATEGORIES)[number]}`) : category;
}

export const languageLabel = (t: Words, language: (typeof TEMPLATE_LANGUAGES)[number]) => t(`languageName.${language}`);

export const categoryOptions = (t: Words) => TEMPLATE_CATEGORIES.map((value) => ({ value, label: t(`categoryName.${value}`) }));
export const languageOptions = (t: Words) => TEMPLATE_LANGUAGES.map((value) => ({ value, label: t(`languageName.${value}`) }));
