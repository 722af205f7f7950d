import { chineseSegmenter, type Segmenter } from "@/server/text/segmenter";
import { NameMatcher } from "@/server/text/name-matcher";
import { isTitle, spellingsOf, titleKey } from "../../text/titles";

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

/** A name found where it could be any of several things: a surname two titled names share. */
export interface Doubt {
  /** the things it could be, in the order they were listed */
  ids: string[];
  /** the one of them it was counted for (the only Mr. among them), or null when none */
  counted: string | null;
  start: number;
  end: number;
  name: string;
}

/**
 * Every mention of every thing's names in `text`, in order, found at once (NameMatcher:
 * leftmost-longest, never overlapping, so 赵云长子 is 赵云 and not 云长).
 *
 * Latin names count as whole words (`Elizabeth's` counts for Elizabeth). A name that is only a
 * title (Mr, 丞相) is no name. A name given with a title (Mr. Bennet) is found with it, Mr. or Mr
 * (British English drops the dot), and also without it (Bennet) — unless another title stands
 * before it there (Mrs. Bennet, Miss Darcy: someone else of the family). When several things
 * were given one surname with different titles, the surname alone could be any of them and goes
 * into `doubts`: it counts for the only one called Mr. among them, as English prose calls a man
 * by his surname and a woman by her title or first name ("Darcy" is Mr. Darcy, not Miss Darcy),
 * and for none when there is no such one (Mrs. Bennet and Miss Bennet). A name given without a
 * title is that thing's wherever it stands, after any title. CJK names count
 * wherever they stand, except a one-character name, which counts only where the segmenter makes
 * it a word (亮 in 诸葛亮曰 is not 亮, nor in 淑质贞亮); without a segmenter, one taught all the
 * things' names is used. When two things are given the same name, the first listed has it.
 *
 * Case is folded where a writer folds it, and nowhere else (see `sentenceCased`): a name written
 * starting lower-case ("the captain", "de Winter") is found with its first letter capitalised too,
 * as it stands at a sentence's start; a name written capitalised is found only as written, so
 * "Will" the name is never "will" the verb.
 */
export function findMentions(text: string, things: readonly NamedThing[], segmenter?: Segmenter, doubts?: Doubt[]): Mention[] {
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
  const claimsAt = (name: number, start: number) => {
    const claims = index.claims[name]!;
    if (claims.length === 1 && !claims[0]!.titles) return claims;
    const title = titleBefore(text, start);
    return title === undefined ? claims : claims.filter((claim) => claim.titles?.has(title) ?? true);
  };
  index.matcher.forEachMatch(
    text,
    (name, start, end) => {
      const claims = claimsAt(name, start);
      const counted = claims.length === 1 ? claims[0]! : surnameOwner(claims);
      if (counted) mentions.push({ id: counted.id, start, end, name: index.names[name]! });
      if (claims.length > 1) doubts?.push({ ids: claims.map((claim) => claim.id), counted: counted?.id ?? null, start, end, name: index.names[name]! });
    },
    (name, start, end) => (!index.single[name] || isWord(start, end)) && claimsAt(name, start).length > 0,
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

/**
 * The titles written before a name, as `titleKey` spells them: mr for `Mr. Darcy`, sir for `Sir
 * William Lucas`, 丞相 for `丞相曹操`; none for a name without one, or that is only titles.
 */
export function titlesOf(name: string, untitled = withoutTitles(name)): string[] {
  const trimmed = name.trim();
  if (!untitled) return [];
  return trimmed
    .slice(0, trimmed.length - untitled.length)
    .split(/\s+/u)
    .filter(Boolean)
    .map(titleKey);
}

const LEADING_WORD = /^([A-Za-z\u00C0-\u024F']+\.?)(?:\s+|$)/u;
const HAN_CHARACTER = /^\p{Script=Han}$/u;

/**
 * The longest Chinese title the name starts with (丞相, 大将军), if any. Only before Han
 * characters: read in a Latin name, "Col" would be a title in Collins, "St" in Stephen.
 */
function leadingChineseTitle(name: string): string | undefined {
  if (!HAN_CHARACTER.test(name.charAt(0))) return undefined;
  for (let length = Math.min(4, name.length); length >= 2; length--) {
    if (isTitle(name.slice(0, length))) return name.slice(0, length);
  }
  return undefined;
}

/** Whose a name is: one thing's, or a title-less name several titled names share. */
interface Claim {
  id: string;
  /** the titles (spelled by `titleKey`) the thing was given this name with, when it was given it only after a title */
  titles?: ReadonlySet<string>;
}

interface NameIndex {
  matcher: NameMatcher;
  names: string[];
  claims: Claim[][];
  /** whether each name is one Han character */
  single: boolean[];
}

const indexes = new WeakMap<readonly NamedThing[], NameIndex>();

/**
 * Bumped whenever what `findMentions` finds for the same names changes, so mentions stored by an
 * older rule are found again (the bible's mention index signs its scans with it).
 */
export const MENTION_RULE_VERSION = 3;

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
  const given = new Map<string, Claim[]>();
  const untitled = new Map<string, Map<string, Set<string>>>();
  for (const thing of things) {
    for (const written of thing.names) {
      for (const alias of splitNames(written)) {
        const name = withoutTitles(alias);
        if (!name) continue;
        const forms = name === alias ? [name] : titledForms(alias, name);
        for (const form of forms) if (!given.has(form)) given.set(form, [{ id: thing.id }]);
        if (name === alias) continue;
        const claims = untitled.get(name) ?? new Map<string, Set<string>>();
        const titles = claims.get(thing.id) ?? new Set<string>();
        for (const title of titlesOf(alias, name)) titles.add(title);
        untitled.set(name, claims.set(thing.id, titles));
      }
    }
  }
  // A name given without a title is its thing's, whatever titled names shorten to it.
  for (const [name, claims] of untitled) {
    if (!given.has(name)) given.set(name, [...claims].map(([id, titles]) => ({ id, titles })));
  }
  // After every name as written, so that a name written capitalised keeps it over another thing's
  // lower-case name (the matcher stays one automaton: twice the names at most, still linear).
  for (const [name, claims] of [...given]) {
    const capitalised = sentenceCased(name);
    if (capitalised && !given.has(capitalised)) given.set(capitalised, claims);
  }
  const names = [...given.keys()];
  found = {
    matcher: new NameMatcher(names),
    names,
    claims: [...given.values()],
    single: names.map((name) => [...name].length === 1 && HAN_CHARACTER.test(name)),
  };
  indexes.set(things, found);
  return found;
}

/** Of several things given one surname, the only one given it after Mr., if there is one. */
function surnameOwner(claims: Claim[]): Claim | undefined {
  const men = claims.filter((claim) => claim.titles?.has("mr") || claim.titles?.has("mister"));
  return men.length === 1 ? men[0] : undefined;
}

/**
 * A titled name as a writer may find it written: `Mr. Bennet` and `Mr Bennet` (an abbreviated
 * title with its dot and without, as American and British English write it). Chinese titles stand
 * against the name (丞相曹操), which is then its only form.
 */
function titledForms(alias: string, name: string): string[] {
  const titles = alias.slice(0, alias.length - name.length);
  if (!/\s$/u.test(titles)) return [alias];
  let forms = [""];
  for (const title of titles.trim().split(/\s+/u)) {
    forms = forms.flatMap((before) => spellingsOf(title).map((spelling) => `${before}${spelling} `));
  }
  return forms.map((before) => before + name);
}

// A Latin title and the spaces after it, ending where a name starts (read back from the name,
// at most TITLE_REACH characters, so finding it costs nothing that grows with the text).
const TITLE_BEFORE = /([A-Za-z]+)\.?[ \u00A0]+$/u;
const TITLE_REACH = 24;

/** The title written just before `start` (by `titleKey`), if any: "Mrs. " before "Bennet" is mrs. */
function titleBefore(text: string, start: number): string | undefined {
  const word = TITLE_BEFORE.exec(text.slice(Math.max(0, start - TITLE_REACH), start))?.[1];
  return word !== undefined && isTitle(word) ? titleKey(word) : undefined;
}
