import { RE2JS } from "re2js";
import { AppError } from "../../errors";
import { foldQuery, type FoldOptions } from "./fold";

/** What a search looks for and how (the contract's SearchOptions). */
export interface SearchSpec {
  query: string;
  matchCase: boolean;
  wholeWord: boolean;
  regex: boolean;
  widthInsensitive: boolean;
  /** 繁体 and 简体 told apart (by default 刘备 finds 劉備 and the reverse) */
  matchChineseScript: boolean;
}

/**
 * A compiled search. Plain text is found with indexOf on folded text (case folded the same way);
 * a regular expression runs on RE2 (re2js): linear in the text whatever the pattern, so nested
 * quantifiers cannot run away.
 */
export type Matcher =
  | { kind: "plain"; needle: string; fold: FoldOptions; wholeWord: boolean }
  | { kind: "regex"; pattern: RE2JS; fold: FoldOptions; wholeWord: boolean };

/** Where RE2 says the pattern went wrong: the offending fragment's place in the pattern. */
function errorPosition(pattern: string, description: string, fragment: string): number {
  if (description.startsWith("missing closing")) return pattern.length;
  if (description.startsWith("unexpected )")) return unmatchedParen(pattern);
  const at = fragment && fragment !== pattern ? pattern.lastIndexOf(fragment) : -1;
  return at >= 0 ? at : 0;
}

/** The first ")" that closes nothing (escapes and character classes skipped). */
function unmatchedParen(pattern: string): number {
  let depth = 0;
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === "\\") i++;
    else if (inClass) inClass = c !== "]";
    else if (c === "[") inClass = true;
    else if (c === "(") depth++;
    else if (c === ")" && --depth < 0) return i;
  }
  return 0;
}

/**
 * Full-width characters in a pattern are folded as in the text, but each as a literal: a
 * full-width "（" must stay a parenthesis to find, not open a group.
 */
function foldPattern(pattern: string, fold: FoldOptions): string {
  if (!fold.widthInsensitive && !fold.chineseScriptInsensitive) return pattern;
  let folded = "";
  for (const character of pattern) {
    const code = character.codePointAt(0)!;
    const simplified = fold.chineseScriptInsensitive && code >= 0x80 ? foldQuery(character, { lowerCase: false, widthInsensitive: false, chineseScriptInsensitive: true }) : character;
    // A Han character is no pattern syntax: its 简体 stands as it is, in a class too ([劉关] is [刘关]).
    if (simplified !== character) {
      folded += simplified;
      continue;
    }
    const changed = fold.widthInsensitive && code >= 0x80 ? foldQuery(character, { lowerCase: false, widthInsensitive: true, chineseScriptInsensitive: false }) : character;
    folded += changed === character ? character : RE2JS.quote(changed);
  }
  return folded;
}

const HAN = /\p{Script=Han}/u;

export function compileSearch(spec: SearchSpec): Matcher {
  if (spec.query.length === 0) throw new AppError("validation_failed", "Say what to search for.", [{ path: "query", message: "cannot be empty" }]);
  // A query with no cased letter (Chinese, digits) matches the same either way: the text need not be lower-cased.
  const cased = spec.query.toLowerCase() !== spec.query.toUpperCase();
  // 简/繁 folding can change what matches only when the query names a Han character: without one the
  // text keeps lower-casing's fast path (an English book's search is not slowed by Chinese folding).
  const han = HAN.test(spec.query);
  const fold: FoldOptions = { lowerCase: !spec.matchCase && cased, widthInsensitive: spec.widthInsensitive, chineseScriptInsensitive: !spec.matchChineseScript && han };
  if (!spec.regex) return { kind: "plain", needle: foldQuery(spec.query, fold), fold, wholeWord: spec.wholeWord };
  try {
    // Case is left to RE2 (its folding knows more than lower-casing a pattern could).
    const flags = spec.matchCase ? 0 : RE2JS.CASE_INSENSITIVE;
    return { kind: "regex", pattern: RE2JS.compile(foldPattern(spec.query, fold), flags), fold: { ...fold, lowerCase: false }, wholeWord: spec.wholeWord };
  } catch (error) {
    const { message, error: description = "", input = "" } = error as { message?: string; error?: string; input?: string };
    const position = errorPosition(spec.query, description, input);
    throw new AppError("invalid_pattern", `This regular expression is not valid at position ${position}: ${description || message}.`, {
      position,
      reason: description || message,
    });
  }
}
