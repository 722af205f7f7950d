import { anchorAt, editOf, followEdit, followReplacement, type Anchor } from "../comments/anchor";
import { sceneBreakLines, type BreakLine } from "../text/scene-break";

/**
 * Where scenes stand in a chapter's text, and how they follow it through a change (issue 35 item 1,
 * decision 0499). Pure: the text command's `scenes` consequence and the scene use cases call it.
 *
 * A chapter with scenes is cut at its scene-break lines: its first scene runs from the start to the
 * first break, and every other scene opens at a break line and runs to the next. So the scenes always
 * tile the text, and the text stays the one source of truth: a break typed makes a scene, a break
 * deleted joins two. Each scene but the first keeps its break as a comment keeps its quote (the
 * comments' engine, server/comments/anchor.ts), so it is found again after any change.
 */

/** A scene's stretch of the text: [start, end), its break line first (but for the first scene); its prose from bodyStart. */
export interface SceneSpan {
  start: number;
  bodyStart: number;
  end: number;
  breakLine: BreakLine | null;
}

/** The stretches a text falls into at its scene-break lines: always at least one. */
export function sceneSpans(text: string, breaks: BreakLine[] = sceneBreakLines(text)): SceneSpan[] {
  const spans: SceneSpan[] = [{ start: 0, bodyStart: 0, end: breaks[0]?.start ?? text.length, breakLine: null }];
  breaks.forEach((line, i) => spans.push({ start: line.start, bodyStart: afterLineEnd(text, line.end), end: breaks[i + 1]?.start ?? text.length, breakLine: line }));
  return spans;
}

function afterLineEnd(text: string, end: number): number {
  if (text.charCodeAt(end) === 13) end++;
  return text.charCodeAt(end) === 10 ? end + 1 : end;
}

/** A scene as its row places it: the break it opens at, null for a chapter's first. */
export interface PlacedScene {
  id: string;
  breakAnchor: Anchor | null;
}

/** The anchor of a break line: the line, and its context either side. */
export function breakAnchorOf(text: string, line: BreakLine): Anchor {
  return anchorAt(text, line.start, line.end);
}

/**
 * Which scene each stretch of the new text is: the ids of `scenes` (in their order) for the spans of
 * `after`, null for a span that is new. The first scene stays first. A break the change did not
 * touch keeps its scene where the change moved it; the breaks inside the stretch a change rewrote
 * (a replace across scenes, a restore, an undo) are paired in order with the breaks of the new
 * stretch when there are as many, and otherwise each looked for by its line and context (the
 * comments' engine), in order, each line once. A scene whose break is gone is joined into the scene
 * before it, which keeps its id: the returned list leaves it out. A break typed inside a scene makes
 * the text after it a new scene.
 */
export function followScenes(scenes: readonly PlacedScene[], before: string | undefined, after: string, breaks: BreakLine[] = sceneBreakLines(after)): (string | null)[] {
  const slots: (string | null)[] = [scenes[0]?.id ?? null, ...breaks.map(() => null)];
  // With the text before known, each scene's break is read from it exactly (the rows tile that text);
  // the stored anchor is only for a change that does not know it (an undo), its offsets a hint.
  const beforeBreaks = before === undefined ? null : sceneBreakLines(before);
  if (beforeBreaks && beforeBreaks.length === scenes.length - 1) scenes = scenes.map((scene, i) => (i === 0 ? scene : { ...scene, breakAnchor: breakAnchorOf(before!, beforeBreaks[i - 1]!) }));
  const placed = scenes.slice(1).filter((scene) => scene.breakAnchor?.start != null);
  if (placed.length === 0) return slots;
  // The common case, typing within scenes: every break still stands in order with the same line and
  // context either side. Then each scene keeps its break, and the texts need no comparing.
  if (placed.length === breaks.length && placed.every((scene, i) => sameAnchor(scene.breakAnchor!, breakAnchorOf(after, breaks[i]!)))) return [slots[0]!, ...placed.map((scene) => scene.id)];
  const edit = before === undefined ? undefined : editOf(before, after);
  const lineOf = new Map<string, number>();
  const taken = new Set<number>();
  const take = (id: string, line: number) => {
    if (line < 0 || taken.has(line)) return;
    lineOf.set(id, line);
    taken.add(line);
  };
  // Untouched breaks first: where they are is certain.
  const touched: PlacedScene[] = [];
  for (const scene of placed) {
    const anchor = scene.breakAnchor!;
    if (edit && (anchor.end! <= edit.editedFrom || anchor.start! >= edit.editedTo)) take(scene.id, lineHolding(breaks, followEdit(anchor, before!, after, edit).start!));
    else touched.push(scene);
  }
  // Rewritten ones: the new stretch's breaks in order, when as many as the old stretch had.
  const free = breaks.map((_, i) => i).filter((i) => !taken.has(i) && (!edit || (breaks[i]!.end > edit.editedFrom && breaks[i]!.start < edit.editedTo + edit.shift)));
  if (touched.length > 0 && free.length === touched.length) touched.forEach((scene, i) => take(scene.id, free[i]!));
  else {
    // Otherwise a break whose line and context stand unchanged somewhere is that break: found in a
    // map of the new breaks, in order, not searched for. Only the rest are searched for in the text,
    // and at most SEARCHED_BREAKS of them: each search reads the text, and a chapter of thousands of
    // scenes rewritten at once must not hold the request's thread for minutes. One not searched
    // for is joined into the scene before it, as a break deleted is.
    const exact = new Map<string, { lines: number[]; next: number }>();
    for (const i of free) {
      const key = anchorKey(breakAnchorOf(after, breaks[i]!));
      const same = exact.get(key);
      if (same) same.lines.push(i);
      else exact.set(key, { lines: [i], next: 0 });
    }
    let searches = 0;
    for (const scene of touched) {
      // Breaks of one line and context (a run of "* * *" lines) are handed out in order, each once.
      const same = exact.get(anchorKey(scene.breakAnchor!));
      const line = same && same.next < same.lines.length ? same.lines[same.next++] : undefined;
      if (line !== undefined) take(scene.id, line);
      else if (searches++ < SEARCHED_BREAKS) {
        const followed = edit ? followEdit(scene.breakAnchor!, before!, after, edit) : followReplacement(scene.breakAnchor!, after);
        if (followed.start !== null) take(scene.id, lineHolding(breaks, followed.start));
      }
    }
  }
  // Scenes keep their order: one placed out of order was joined.
  let last = -1;
  for (const scene of placed) {
    const line = lineOf.get(scene.id);
    if (line === undefined || line <= last) continue;
    slots[line + 1] = scene.id;
    last = line;
  }
  return slots;
}

/** How many moved breaks one change looks for in the text, each search reading it whole (decision 0499). */
const SEARCHED_BREAKS = 64;

const anchorKey = (anchor: Anchor) => `${anchor.quote}\u0000${anchor.prefix}\u0000${anchor.suffix}`;

function sameAnchor(a: Anchor, b: Anchor): boolean {
  return a.quote === b.quote && a.prefix === b.prefix && a.suffix === b.suffix;
}

/** The index of the break line that holds `at`, or -1. Binary search: the lines are in order. */
function lineHolding(breaks: BreakLine[], at: number): number {
  let low = 0;
  let high = breaks.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const line = breaks[middle]!;
    if (at < line.start) high = middle - 1;
    else if (at >= Math.max(line.end, line.start + 1)) low = middle + 1;
    else return middle;
  }
  return -1;
}

/** The mark a chapter's breaks use (its first break line, trimmed), or "* * *". */
export function breakMarkOf(text: string, breaks: BreakLine[] = sceneBreakLines(text)): string {
  const first = breaks[0];
  return first ? text.slice(first.start, first.end).trim() : "* * *";
}

/** A scene's prose, without its break line and the blank lines around it. */
export function bodyOf(text: string, span: SceneSpan): string {
  return trimBlankLines(text.slice(span.bodyStart, span.end));
}

/** Text without the blank lines (and line ends) at either edge; other whitespace, as an indent, kept. */
function trimBlankLines(text: string): string {
  let start = 0;
  let end = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) start = i + 1;
    else if (c !== 32 && c !== 9 && c !== 13) break;
  }
  for (let i = text.length - 1; i >= start; i--) {
    const c = text.charCodeAt(i);
    if (c === 10) end = i;
    else if (c !== 32 && c !== 9 && c !== 13) break;
  }
  return start >= end ? "" : text.slice(start, end);
}

/**
 * A chapter's text from its scenes' prose, in order, a break line between each two: how a reorder,
 * a move and a delete rewrite a chapter. The text keeps its own break mark, and a final line end when
 * it had one.
 */
export function joinScenes(bodies: readonly string[], mark: string, endsWithNewline: boolean): string {
  if (bodies.length === 0) return "";
  const text = bodies.map((body, i) => (i === 0 ? body : `${mark}\n\n${body}`)).join("\n\n");
  return endsWithNewline && !text.endsWith("\n") ? `${text}\n` : text;
}

/** Every scene's prose of a text, in order. */
export function bodiesOf(text: string, spans: SceneSpan[] = sceneSpans(text)): string[] {
  return spans.map((span) => bodyOf(text, span));
}

/**
 * A chapter's text with a new scene break at the start of the line holding `at` (or after its last
 * line): the text from there to the end of that scene becomes the new scene. Returns the new text
 * and which span the new scene is.
 */
export function withBreakAt(text: string, at: number | undefined, mark: string): { text: string; newSpan: number } {
  const spans = sceneSpans(text);
  if (at === undefined || at >= text.length) {
    const bodies = [...bodiesOf(text, spans), ""];
    return { text: joinScenes(bodies, mark, true), newSpan: bodies.length - 1 };
  }
  const lineStart = text.lastIndexOf("\n", at - 1) + 1;
  const span = spans.findLastIndex((s) => s.start <= lineStart);
  // On a break line itself, or within its own line end: the new scene begins after that break.
  const cut = Math.max(lineStart, spans[span]!.bodyStart);
  const head = trimBlankLines(text.slice(0, cut));
  const tail = trimBlankLines(text.slice(cut));
  const joined = head === "" ? `${mark}\n\n${tail}` : `${head}\n\n${mark}\n\n${tail}`;
  return { text: text.endsWith("\n") && !joined.endsWith("\n") ? `${joined}\n` : joined, newSpan: span + 1 };
}
