import { TEMPLATE_CATEGORIES, TEMPLATE_LANGUAGES } from "@/server/analysis/schemas";

export const CATEGORY_LABELS: Record<(typeof TEMPLATE_CATEGORIES)[number], string> = {
  structure: "Structure",
  pacing: "Pacing",
  character: "Character",
  style: "Style",
  genre: "Genre",
  dialogue: "Dialogue",
  readability: "Readability",
  other: "Other",
};

export const LANGUAGE_LABELS: Record<(typeof TEMPLATE_LANGUAGES)[number], string> = {
  en: "English",
  zh: "Chinese (中文)",
  any: "Any language",
};

export const CATEGORY_OPTIONS = TEMPLATE_CATEGORIES.map((value) => ({ value, label: CATEGORY_LABELS[value] }));
export const LANGUAGE_OPTIONS = TEMPLATE_LANGUAGES.map((value) => ({ value, label: LANGUAGE_LABELS[value] }));
