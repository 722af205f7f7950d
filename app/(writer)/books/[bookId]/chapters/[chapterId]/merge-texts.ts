import { diffArrays } from "diff";

/**
 * A three-way merge of a chapter edited in two places from the same version: the changes each
 * side made to the base are both applied. Paragraphs (lines) first; where both sides changed the
 * same paragraphs, words within them; where both rewrote the same words, both versions are kept
 * one after the other, the other side's first, so that nothing either side wrote is lost and the
 * writer sees both. Two additions at the same place are both kept, the other side's first.
 */

export interface Merged {
  text: string;
  /** paragraphs both sides rewrote, kept twice (the other side's, then this one's) */
  doubled: number;
}

/** A change one side made: base items [start, end) became `items`. */
interface Hunk<T> {
  start: number;
  end: number;
  items: T[];
  side: "mine" | "theirs";
}

type Chunk<T> = { clean: true; items: T[] } | { clean: false; base: T[]; mine: T[]; theirs: T[] };

const DIFF_TIMEOUT_MS = 2000;

function hunksOf<T>(base: T[], side: T[], name: Hunk<T>["side"]): Hunk<T>[] | null {
  const changes = diffArrays(base, side, { timeout: DIFF_TIMEOUT_MS });
  if (!changes) return null;
  const hunks: Hunk<T>[] = [];
  let at = 0;
  let open: Hunk<T> | null = null;
  for (const change of changes) {
    if (!change.added && !change.removed) {
      at += change.value.length;
      open = null;
      continue;
    }
    if (!open) {
      open = { start: at, end: at, items: [], side: name };
      hunks.push(open);
    }
    if (change.removed) {
      at += change.value.length;
      open.end = at;
    } else open.items.push(...change.value);
  }
  return hunks;
}

/** Two changes collide when their base ranges overlap, or both add at the same place. */
const collides = (start: number, end: number, hunk: Hunk<unknown>) => hunk.start < end || (hunk.start === start && start === end && hunk.start === hunk.end);

/** One side's version of base[start, end), its hunks there applied. */
function apply<T>(base: T[], start: number, end: number, hunks: Hunk<T>[]): T[] {
  const out: T[] = [];
  let at = start;
  for (const hunk of hunks) {
    out.push(...base.slice(at, hunk.start), ...hunk.items);
    at = hunk.end;
  }
  out.push(...base.slice(at, end));
  return out;
}

const same = <T>(a: T[], b: T[]) => a.length === b.length && a.every((item, i) => item === b[i]);

/** diff3 over items: clean stretches, and the places where both sides changed the same items. */
function diff3<T>(base: T[], mine: T[], theirs: T[]): Chunk<T>[] | null {
  const ours = hunksOf(base, mine, "mine");
  const others = hunksOf(base, theirs, "theirs");
  if (!ours || !others) return null;
  // Additions sort before changes that start at the same place.
  const hunks = [...others, ...ours].sort((a, b) => a.start - b.start || a.end - a.start - (b.end - b.start));
  const chunks: Chunk<T>[] = [];
  let at = 0;
  for (let i = 0; i < hunks.length; ) {
    const group = [hunks[i]!];
    const start = hunks[i]!.start;
    let end = hunks[i]!.end;
    for (i++; i < hunks.length && collides(start, end, hunks[i]!); i++) {
      group.push(hunks[i]!);
      end = Math.max(end, hunks[i]!.end);
    }
    chunks.push({ clean: true, items: base.slice(at, start) });
    const mineHere = apply(base, start, end, group.filter((h) => h.side === "mine"));
    const theirsHere = apply(base, start, end, group.filter((h) => h.side === "theirs"));
    const bothSides = group.some((h) => h.side === "mine") && group.some((h) => h.side === "theirs");
    if (!bothSides || same(mineHere, theirsHere)) chunks.push({ clean: true, items: bothSides ? mineHere : group[0]!.side === "mine" ? mineHere : theirsHere });
    else chunks.push({ clean: false, base: base.slice(start, end), mine: mineHere, theirs: theirsHere });
    at = end;
  }
  chunks.push({ clean: true, items: base.slice(at) });
  return chunks;
}

/** Words and the blanks between them, each a token (a paragraph's own scale). */
const words = (text: string) => text.match(/\s+|[^\s]+/g) ?? [];

/** The same paragraphs changed on both sides: merged word by word if the changes do not overlap. */
function mergeWords(base: string, mine: string, theirs: string): string | null {
  const chunks = diff3(words(base), words(mine), words(theirs));
  if (!chunks) return null;
  let text = "";
  for (const chunk of chunks) {
    if (chunk.clean) text += chunk.items.join("");
    // Both only added here: both additions, the other side's first.
    else if (chunk.base.length === 0) text += chunk.theirs.join("") + chunk.mine.join("");
    else return null;
  }
  return text;
}

/** `mine` and `theirs`, both edited from `base`, as one text; null when the texts are too different to compare in time. */
export function mergeTexts(base: string, mine: string, theirs: string): Merged | null {
  const chunks = diff3(base.split("\n"), mine.split("\n"), theirs.split("\n"));
  if (!chunks) return null;
  const lines: string[] = [];
  let doubled = 0;
  for (const chunk of chunks) {
    if (chunk.clean) {
      lines.push(...chunk.items);
      continue;
    }
    const merged = chunk.base.length === 0 ? null : mergeWords(chunk.base.join("\n"), chunk.mine.join("\n"), chunk.theirs.join("\n"));
    if (merged !== null) lines.push(merged);
    else {
      if (chunk.base.length > 0) doubled += chunk.base.length;
      lines.push(...chunk.theirs, ...chunk.mine);
    }
  }
  return { text: lines.join("\n"), doubled };
}
