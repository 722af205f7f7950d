import { diffLines, diffWordsWithSpace, type ChangeObject } from "diff";

/**
 * What changed from one text of a chapter to another (issue 36 item 4): pure, for a worker thread
 * or, for short texts, the request's own. Lines are matched first (Myers, the `diff` package), then
 * words within a paragraph that mostly stayed, as the editor's history shows a revision's changes
 * (app/(writer)/books/[bookId]/chapters/[chapterId]/text-diff.tsx).
 *
 * Bounded by edit counts, never by a clock, so the same texts always give the same answer: jsdiff's
 * Myers costs (lines of both) × (edits allowed), and beyond the budget the changed stretch is shown
 * as removed and added whole (`approximate`). The worker's deadline bounds the rest from outside.
 */
export type DiffKind = "same" | "added" | "removed";
export interface TextDiff {
  parts: { kind: DiffKind; text: string }[];
  approximate: boolean;
}

export interface DiffLimits {
  /** lines added and removed that the line diff may match */
  lineEdits: number;
  /** words and spaces the diff within one paragraph may match */
  wordEdits: number;
  /** a removed-and-added pair of paragraphs longer than this together is shown line by line */
  wordDiffCharacters: number;
}

/** The budget of a diff in a worker: a chapter of 4,000 paragraphs rewritten whole is beyond it. */
export const DIFF_LIMITS: DiffLimits = { lineEdits: 4_000, wordEdits: 1_000, wordDiffCharacters: 20_000 };

/**
 * The budget on the thread that answers requests: Myers' cost grows with the square of the edits
 * matched, so 8,000 one-character lines all changed took 1.4 s within DIFF_LIMITS but 7 ms within
 * 200 edits (measured on this project's 2-core machine); within these, 32 Ki characters stay
 * under a few milliseconds however hostile.
 */
export const DIFF_LIMITS_HERE: DiffLimits = { lineEdits: 100, wordEdits: 100, wordDiffCharacters: 4_000 };

export function textDiff(before: string, after: string, limits: DiffLimits = DIFF_LIMITS): TextDiff {
  return diffWithin(before, after, limits).diff;
}

/**
 * The diff within `limits`, and whether any of them held it back (a line diff given up, a
 * paragraph shown whole that a larger budget might have matched word by word): a caller that
 * tried a small budget first then asks a worker with the full one, so the answer never depends on
 * where it was computed.
 */
export function diffWithin(before: string, after: string, limits: DiffLimits): { diff: TextDiff; limited: boolean } {
  if (before === after) return { diff: { parts: before ? [{ kind: "same", text: before }] : [], approximate: false }, limited: false };
  const lines = diffLines(before, after, { maxEditLength: limits.lineEdits });
  if (!lines) return { diff: { parts: merged([{ kind: "removed", text: before }, { kind: "added", text: after }]), approximate: true }, limited: true };
  let limited = false;
  const parts: TextDiff["parts"] = [];
  for (let i = 0; i < lines.length; i++) {
    const change = lines[i]!;
    const next = lines[i + 1];
    if (change.removed && next?.added) {
      const size = change.value.length + next.value.length;
      const words = size <= limits.wordDiffCharacters ? diffWordsWithSpace(change.value, next.value, { maxEditLength: limits.wordEdits }) : undefined;
      if (!words) limited ||= size <= DIFF_LIMITS.wordDiffCharacters;
      // Word by word only where most of the paragraph stayed: a rewritten sentence reads better as
      // the old one struck out above the new one than as a mosaic of both.
      const kept = words?.reduce((sum, w) => sum + (w.added || w.removed ? 0 : w.value.length), 0) ?? 0;
      if (words && kept >= 0.8 * Math.max(change.value.length, next.value.length)) {
        parts.push(...words.map((w) => ({ kind: kindOf(w), text: w.value })));
        i++;
        continue;
      }
    }
    parts.push({ kind: kindOf(change), text: change.value });
  }
  return { diff: { parts: merged(parts), approximate: false }, limited };
}

function kindOf(change: ChangeObject<string>): DiffKind {
  return change.added ? "added" : change.removed ? "removed" : "same";
}

/** Empty parts dropped and neighbours of one kind joined: the fewest parts that say the same. */
function merged(parts: TextDiff["parts"]): TextDiff["parts"] {
  const out: TextDiff["parts"] = [];
  for (const part of parts) {
    if (!part.text) continue;
    const last = out.at(-1);
    if (last?.kind === part.kind) last.text += part.text;
    else out.push({ ...part });
  }
  return out;
}

/** Diffing a chapter's two texts, for a worker thread (see server/workers). */
export type SnapshotTask = { op: "snapshot-diff"; before: string; after: string };

export function performSnapshotTask(task: SnapshotTask): TextDiff {
  return textDiff(task.before, task.after);
}
