import { foldText, originalRange, type FoldedText } from "./fold";
import type { Matcher } from "./pattern";
import { isWholeWord } from "./words";

/** One hit in the writer's text; `groups` (regular expressions only) are the captures, also in the original text. */
export interface Found {
  start: number;
  end: number;
  groups: (string | undefined)[];
}

/**
 * Every hit of `matcher` in `text`, in order, none overlapping, none empty (a pattern that can
 * match nothing, such as `a*`, finds only its non-empty matches). `visit` returning false stops
 * the scan. Linear in the text: indexOf, or RE2.
 */
export function findAll(text: string, matcher: Matcher, visit: (found: Found) => boolean | void): void {
  const folded = foldText(text, matcher.fold);
  if (matcher.kind === "plain") findPlain(text, folded, matcher.needle, matcher.wholeWord, visit);
  else findRegex(text, folded, matcher, visit);
}

function findPlain(text: string, folded: FoldedText, needle: string, wholeWord: boolean, visit: (found: Found) => boolean | void): void {
  let from = 0;
  for (;;) {
    const at = folded.text.indexOf(needle, from);
    if (at < 0) return;
    const { start, end } = originalRange(folded, at, at + needle.length);
    if (!wholeWord || isWholeWord(text, start, end)) {
      if (visit({ start, end, groups: [] }) === false) return;
      from = at + needle.length;
    } else {
      // A hit inside a word may overlap a whole word just after it ("xa a a" holds "a a" at 3).
      from = at + 1;
    }
  }
}

function findRegex(text: string, folded: FoldedText, matcher: Extract<Matcher, { kind: "regex" }>, visit: (found: Found) => boolean | void): void {
  const m = matcher.pattern.matcher(folded.text);
  const groupCount = m.groupCount();
  let from = 0;
  while (from <= folded.text.length && m.find(from)) {
    const foldedStart = m.start();
    const foldedEnd = m.end();
    // Past an empty match or a refused one, the scan goes on after it: restarting inside a
    // longer refused match could make a whole-word search quadratic.
    from = foldedEnd > foldedStart ? foldedEnd : foldedEnd + 1;
    if (foldedEnd === foldedStart) continue;
    const { start, end } = originalRange(folded, foldedStart, foldedEnd);
    if (matcher.wholeWord && !isWholeWord(text, start, end)) continue;
    const groups: (string | undefined)[] = [];
    for (let g = 1; g <= groupCount; g++) {
      const groupStart = m.start(g);
      if (groupStart < 0) groups.push(undefined);
      else {
        const range = originalRange(folded, groupStart, m.end(g));
        groups.push(text.slice(range.start, range.end));
      }
    }
    if (visit({ start, end, groups }) === false) return;
  }
}
