/**
 * A replacement in the case of the text it replaces, as a careful word processor does:
 * KATHRYN → KATHERINE, Kathryn → Katherine, kathryn → katherine; text in mixed case (McKay) or
 * with no letters that have case (CJK) takes the replacement as typed.
 */
export function inCaseOf(matched: string, replacement: string): string {
  const letters = [...matched].filter((c) => c.toLowerCase() !== c.toUpperCase());
  if (letters.length === 0) return replacement;
  const upper = letters.filter((c) => c === c.toUpperCase()).length;
  if (upper === letters.length && letters.length > 1) return replacement.toUpperCase();
  if (upper === 0) return replacement.toLowerCase();
  if (upper === 1 && letters[0] === letters[0]!.toUpperCase()) {
    const [first = "", ...rest] = [...replacement];
    return first.toUpperCase() + rest.join("").toLowerCase();
  }
  return replacement;
}
