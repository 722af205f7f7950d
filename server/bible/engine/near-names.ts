import { type NamedThing, sentenceCased } from "../../analysis/engine/mentions";
import { isStopWord } from "../../analysis/engine/terms";
import type { ChapterText } from "./scan";

/** A word of the book that is nearly a name of an entry, and rare: likely a typo of it. */
export interface NearName {
  entryId: string;
  /** the entry's name or alias it nearly is */
  name: string;
  variant: string;
  occurrences: number;
  /** where it first stands */
  chapterId: string;
  start: number;
}

/** A variant seen more often than this is taken for a name of its own (or a word), not a typo. */
export const RARE = 2;

const LATIN_WORD = /\p{Lu}[\p{L}'’]*\p{L}|\p{Lu}/gu;
const HAN = /\p{Script=Han}/u;
const MIN_LATIN_LENGTH = 4;

/**
 * Words that nearly match a name and appear rarely: for Latin names, a capitalised word within
 * edit distance 1 (names of 4–5 letters) or 2 (6 and more, or Lyra/Lydia's kind: the same first
 * two letters) of a name; for Chinese names of three or more characters, the same length with exactly
 * one character different (林黛玉 / 林黛王). Two-character Chinese names are left out: one
 * character of two differing matches half the language (张三 / 张开). A window that holds another
 * known name or alias of two characters or more is no typo (见玄德 beside 刘玄德, 曹操曰 beside 曹孟德):
 * the writer wrote a name they gave, and the window merely shares a character with a longer one
 * (decision 0503). One-character aliases (飞, 许) are not known names here: they stand in every word
 * that holds them.
 */
export function findNearNames(things: readonly NamedThing[], chapters: readonly ChapterText[]): NearName[] {
  const exact = new Set<string>();
  /** Han names and aliases of two characters or more, by length: what a window may hold. */
  const knownHan = new Map<number, Set<string>>();
  const latin: { entryId: string; name: string }[] = [];
  const han: { entryId: string; name: string }[] = [];
  for (const thing of things) {
    for (const written of thing.names) {
      // A name is no typo of another, nor is it capitalised at a sentence's start (as findMentions finds it).
      for (const part of [written, ...written.split(/\s+/)]) {
        exact.add(part);
        const capitalised = sentenceCased(part);
        if (capitalised) exact.add(capitalised);
      }
      for (const word of written.split(/\s+/)) {
        if (/^\p{Lu}\p{L}+$/u.test(word) && word.length >= MIN_LATIN_LENGTH && !isStopWord(word.toLowerCase())) latin.push({ entryId: thing.id, name: word });
      }
      const characters = [...written];
      if (characters.length >= 2 && characters.every((c) => HAN.test(c))) {
        let sameLength = knownHan.get(written.length);
        if (!sameLength) knownHan.set(written.length, (sameLength = new Set()));
        sameLength.add(written);
      }
      if (characters.length >= 3 && characters.every((c) => HAN.test(c))) han.push({ entryId: thing.id, name: written });
    }
  }
  const found = new Map<string, NearName>();
  const note = (entryId: string, name: string, variant: string, chapterId: string, start: number) => {
    const key = `${entryId}\u0000${variant}`;
    const seen = found.get(key);
    if (seen) seen.occurrences++;
    else found.set(key, { entryId, name, variant, occurrences: 1, chapterId, start });
  };
  if (latin.length > 0) findLatin(latin, exact, chapters, note);
  if (han.length > 0) findHan(han, exact, knownHan, chapters, note);
  // A variant that counts for several entries is reported once, for the first.
  const variants = new Set<string>();
  return [...found.values()].filter((near) => near.occurrences <= RARE && !variants.has(near.variant) && variants.add(near.variant));
}

type Note = (entryId: string, name: string, variant: string, chapterId: string, start: number) => void;

/** Deletion neighbourhoods (SymSpell): two words within distance 2 share a string of ≤ 2 deletions each. */
function findLatin(names: { entryId: string; name: string }[], exact: Set<string>, chapters: readonly ChapterText[], note: Note) {
  const byDeletion = new Map<string, { entryId: string; name: string }[]>();
  for (const entry of names) {
    for (const key of deletions(entry.name.toLowerCase(), 2)) {
      let list = byDeletion.get(key);
      if (!list) byDeletion.set(key, (list = []));
      if (!list.includes(entry)) list.push(entry);
    }
  }
  const verdicts = new Map<string, { entryId: string; name: string } | null>();
  for (const chapter of chapters) {
    for (const match of chapter.content.matchAll(LATIN_WORD)) {
      const word = match[0].replace(/['’]s?$/u, "");
      if (word.length < MIN_LATIN_LENGTH || exact.has(word)) continue;
      let verdict = verdicts.get(word);
      if (verdict === undefined) {
        verdict = null;
        const lower = word.toLowerCase();
        if (!isStopWord(lower)) {
          for (const key of deletions(lower, 2)) {
            for (const entry of byDeletion.get(key) ?? []) {
              const limit = allowedDistance(entry.name, word);
              if (limit > 0 && editDistance(entry.name.toLowerCase(), lower, limit) <= limit) {
                verdict = entry;
                break;
              }
            }
            if (verdict) break;
          }
        }
        verdicts.set(word, verdict);
      }
      if (verdict) note(verdict.entryId, verdict.name, word, chapter.id, match.index);
    }
  }
}

/** 1 for short names; 2 for names of six letters or more, or when the first two letters agree (Lyra / Lydia, not Lyra / Lord). */
function allowedDistance(name: string, word: string): number {
  if (name.toLowerCase() === word.toLowerCase()) return 0;
  return name.length >= 6 || name.slice(0, 2).toLowerCase() === word.slice(0, 2).toLowerCase() ? 2 : 1;
}

function deletions(word: string, depth: number): Set<string> {
  const out = new Set<string>([word]);
  let frontier = [word];
  for (let d = 0; d < depth; d++) {
    const next: string[] = [];
    for (const w of frontier) {
      for (let i = 0; i < w.length; i++) {
        const shorter = w.slice(0, i) + w.slice(i + 1);
        if (!out.has(shorter)) {
          out.add(shorter);
          next.push(shorter);
        }
      }
    }
    frontier = next;
  }
  return out;
}

/** Levenshtein distance, stopping once it must exceed `limit`. */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      best = Math.min(best, current[j]!);
    }
    if (best > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * Every window of a name's length that differs from it in exactly one character. Each character of
 * each name anchors the windows it could stand in, so the text is walked once.
 */
function findHan(names: { entryId: string; name: string }[], exact: Set<string>, knownHan: Map<number, Set<string>>, chapters: readonly ChapterText[], note: Note) {
  const anchors = new Map<string, { entry: { entryId: string; name: string }; at: number }[]>();
  for (const entry of names) {
    [...entry.name].forEach((char, at) => {
      let list = anchors.get(char);
      if (!list) anchors.set(char, (list = []));
      list.push({ entry, at });
    });
  }
  for (const chapter of chapters) {
    const text = chapter.content;
    const checked = new Set<string>();
    const lengths = [...knownHan.keys()].sort((a, b) => a - b);
    /**
     * Whether a window holds a known name. Asked only of the few windows that differ from a name
     * in one character, each at most (its length × the known lengths) lookups.
     */
    const holdsKnownName = (window: string) => {
      for (let at = 0; at < window.length - 1; at++) {
        for (const length of lengths) {
          if (at + length > window.length) break;
          if (knownHan.get(length)!.has(window.slice(at, at + length))) return true;
        }
      }
      return false;
    };
    for (let i = 0; i < text.length; i++) {
      const list = anchors.get(text[i]!);
      if (!list) continue;
      for (const { entry, at } of list) {
        const start = i - at;
        const length = entry.name.length;
        if (start < 0 || start + length > text.length) continue;
        const key = `${start}:${entry.name}`;
        if (checked.has(key)) continue;
        checked.add(key);
        const window = text.slice(start, start + length);
        if (exact.has(window) || !differsInOne(entry.name, window) || holdsKnownName(window)) continue;
        // Not a variant when the name itself stands right beside it (林黛玉玉): a longer run of text.
        if (text.slice(start - 1, start - 1 + length) === entry.name || text.slice(start + 1, start + 1 + length) === entry.name) continue;
        note(entry.entryId, entry.name, window, chapter.id, start);
      }
    }
  }
}

function differsInOne(name: string, window: string): boolean {
  let differences = 0;
  for (let i = 0; i < name.length; i++) {
    if (name[i] === window[i]) continue;
    if (!HAN.test(window[i]!) || ++differences > 1) return false;
  }
  return differences === 1;
}
