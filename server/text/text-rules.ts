/**
 * The names of a book's two text rules (decision 0491), apart from the code that applies them so
 * that the schemas (and the CLI, which shares them) carry the names alone. What each means:
 * server/text/count-rule.ts and server/text/paragraph-indent.ts.
 */

export const COUNT_RULES = ["words", "characters", "charactersWithoutPunctuation"] as const;
export type CountRule = (typeof COUNT_RULES)[number];

export const PARAGRAPH_INDENTS = ["none", "fullWidth", "typographic"] as const;
export type ParagraphIndent = (typeof PARAGRAPH_INDENTS)[number];

/** A stored counting rule as the type it is (a value this code does not know counts words). */
export function asCountRule(stored: string): CountRule {
  return (COUNT_RULES as readonly string[]).includes(stored) ? (stored as CountRule) : "words";
}

/** A stored paragraph indent as the type it is (an unknown value indents as books always were). */
export function asParagraphIndent(stored: string): ParagraphIndent {
  return (PARAGRAPH_INDENTS as readonly string[]).includes(stored) ? (stored as ParagraphIndent) : "typographic";
}
