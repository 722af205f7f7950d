import type { CountRule, ParagraphIndent } from "@/server/text/text-rules";

/** Each counting rule as the book's settings name it (a Record, so none is forgotten; decision 0491). */
export const COUNT_RULE_LABELS: Record<CountRule, string> = {
  words: "Words",
  characters: "字数: characters and punctuation (as 起点 and Word count)",
  charactersWithoutPunctuation: "字数: characters without punctuation",
};

export const PARAGRAPH_INDENT_LABELS: Record<ParagraphIndent, string> = {
  fullWidth: "Two characters (　　) on every paragraph",
  typographic: "A first-line indent, none after a heading or break",
  none: "None",
};

const options = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));

/** A new book's choices open with the language's own, which sending nothing asks for. */
export const LANGUAGE_DEFAULT = { value: "", label: "As the book's language has it" };
export const COUNT_RULE_OPTIONS = options(COUNT_RULE_LABELS);
export const PARAGRAPH_INDENT_OPTIONS = options(PARAGRAPH_INDENT_LABELS);
