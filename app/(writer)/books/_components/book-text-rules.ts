import type { CountRule, ParagraphIndent } from "@/server/text/text-rules";

/**
 * The counting rules and paragraph indents a book's settings offer, in order (decision 0491); each
 * is named by `books.textRules.<value>`. A Record, so a new rule is not forgotten here.
 */
const COUNT_RULE_ORDER: Record<CountRule, number> = { words: 0, characters: 1, charactersWithoutPunctuation: 2 };
const PARAGRAPH_INDENT_ORDER: Record<ParagraphIndent, number> = { fullWidth: 0, typographic: 1, none: 2 };

const inOrder = <T extends string>(order: Record<T, number>) => (Object.keys(order) as T[]).sort((a, b) => order[a] - order[b]);

export const COUNT_RULES = inOrder(COUNT_RULE_ORDER);
export const PARAGRAPH_INDENTS = inOrder(PARAGRAPH_INDENT_ORDER);
