import { chineseSegmenter, type Segmenter } from "@/server/text/segmenter";
import { NameMatcher } from "@/server/text/name-matcher";
import { isTitle } from "../../text/titles";

export interface NamedThing {
  id: string;
  /** the name first, then aliases */
  names: readonly string[];
}

export interface Mention {
  id: string;
  /** UTF-16 offsets in the text */
  start: number;
  end: number;
  /** the name as it stands in the text */
  name: string;
}

/**
 * Every mention of every thing's names in `text`, in order, found at once (NameMatcher:
 * leftmost-longest, never overlapping, so 赵云长子 is 赵云 and not 云长).
 *
 * Latin names count as whole words (`Elizabeth's` counts for Elizabeth); a title written before a
 * name (Mr. Darcy, 丞相曹操) is not part of it, and a name that is only a title (Mr, 丞相) is no
 * name. CJK names count wherever they stand, except a one-character name, which counts only
 * where the segmenter makes it a word (亮 in 诸葛亮曰 is not 亮, nor in 淑质贞亮); without a
 * segmenter, one taught all the things' names is used. When two things share a name, the first
 * listed has it.
 *
 * Case is folded where a writer folds it, and nowhere else (see `sentenceCased`): a name written
 * starting lower-case ("the captain", "de Winter") is found with its first letter capitalised too,
 * as it stands at a sentence's start; a name written capitalised is found only as written, so
 * "Will" the name is never "will" the verb.
 */
export function findMentions(text: string, things: readonly NamedThing[], segmenter?: Segmenter): Mention[] {
  const index = indexOf(things);
  const mentions: Mention[] = [];
  if (index.names.length === 0) return mentions;
  let wordStarts: Map<number, number> | undefined;
  const isWord = (start: number, end: number) => {
    if (!wordStarts) {
      wordStarts = new Map();
      let at = 0;
      for (const word of (segmenter ?? chineseSegmenter(index.names)).words(text)) {
        wordStarts.set(at, at + word.length);
        at += word.length;
      }
    }
    return wordStarts.get(start) === end;
  };
  index.matcher.forEachMatch(
    text,
    (name, start, end) => mentions.push({ id: index.owners[name]!, start, end, name: index.names[name]! }),
    (name, start, end) => !index.single[name] || isWord(start, end),
  );
  return mentions;
}

/** A character's names as a writer types them: `Elizabeth|Lizzy`, or with the full-width ｜ of Chinese input methods. */
export function splitNames(entry: string): string[] {
  return entry
    .split(/[|｜]/u)
    .map((name) => name.trim())
    .filter(Boolean);
}

/**
 * A name without the titles written before it: `Mr. Darcy` is Darcy, `丞相曹操` is 曹操; "" when
 * the name is only titles.
 */
export function withoutTitles(name: string): string {
  let rest = name.trim();
  for (;;) {
    const latin = LEADING_WORD.exec(rest);
    if (latin && isTitle(latin[1]!) && latin[0].length < rest.length) {
      rest = rest.slice(latin[0].length).trimStart();
      continue;
    }
    if (latin && isTitle(latin[1]!)) return "";
    const chinese = leadingChineseTitle(rest);
    if (chinese === undefined) return rest;
    rest = rest.slice(chinese.length).trimStart();
    if (!rest) return "";
  }
}

const LEADING_WORD = /^([A-Za-z\u00C0-\u024F']+\.?)(?:\s+|$)/u;
const HAN_CHARACTER = /^\p{Script=Han}$/u;

/** The longest title the name starts with (丞相, 大将军), if any. */
function leadingChineseTitle(name: string): string | undefined {
  for (let length = Math.min(4, name.length); length >= 2; length--) {
    if (isTitle(name.slice(0, length))) return name.slice(0, length);
  }
  return undefined;
}

interface NameIndex {
  matcher: NameMatcher;
  names: string[];
  owners: string[];
  /** whether each name is one Han character */
  single: boolean[];
}

const indexes = new WeakMap<readonly NamedThing[], NameIndex>();

/**
 * Bumped whenever what `findMentions` finds for the same names changes, so mentions stored by an
 * older rule are found again (the bible's mention index signs its scans with it).
 */
export const MENTION_RULE_VERSION = 2;

/**
 * The other form a writer gives a name without meaning another name: its first letter capitalised,
 * as at a sentence's start, when it is written starting lower-case ("the captain" → "The captain").
 * Undefined when the name starts with anything else (a capital, a digit, a Han character).
 */
export function sentenceCased(name: string): string | undefined {
  const first = String.fromCodePoint(name.codePointAt(0) ?? 0);
  if (!LOWER_CASE.test(first)) return undefined;
  const upper = first.toUpperCase();
  // ß, ŉ … capitalise to two letters: no writer's sentence starts that way often enough to guess.
  return upper.length === first.length && upper !== first ? upper + name.slice(first.length) : undefined;
}

const LOWER_CASE = /^\p{Ll}$/u;

function indexOf(things: readonly NamedThing[]): NameIndex {
  let found = indexes.get(things);
  if (found) return found;
  const owner = new Map<string, string>();
  for (const thing of things) {
    for (const written of thing.names) {
      for (const alias of splitNames(written)) {
        const name = withoutTitles(alias);
        if (name && !owner.has(name)) owner.set(name, thing.id);
      }
    }
  }
  // After every name as written, so that a name written capitalised keeps it over another thing's
  // lower-case name (the matcher stays one automaton: twice the names at most, still linear).
  for (const [name, id] of [...owner]) {
    const capitalised = sentenceCased(name);
    if (capitalised && !owner.has(capitalised)) owner.set(capitalised, id);
  }
  const names = [...owner.keys()];
  found = {
    matcher: new NameMatcher(names),
    names,
    owners: [...owner.values()],
    single: names.map((name) => [...name].length === 1 && HAN_CHARACTER.test(name)),
  };
  indexes.set(things, found);
  return found;
}
