/**
 * Where a comment stands in a chapter's text (issue 36 item 2, decision 0492), and how it follows
 * the text through edits. Pure: the text change command calls it for every thread of a chapter it
 * rewrites, and creating a comment calls it to place what the caller quoted.
 *
 * Positions are UTF-16 offsets into the chapter's stored text, as JavaScript and CodeMirror count.
 * The quote and a little context either side are kept with the position: an edit elsewhere moves
 * the position arithmetically, and where the position is lost (the quoted words were rewritten, the
 * chapter replaced by an upload or a restore, the paragraph moved) the quote is looked for again,
 * nearest where it stood, its context breaking ties. A quote no longer in the text leaves the
 * comment detached, its quote kept, and re-attached when the words come back.
 *
 * Every step is a scan or an indexOf over the text: linear, no pattern built from the writer's words.
 */

/** Characters of context kept either side of a quote: enough to tell apart repeated phrases. */
export const CONTEXT_LENGTH = 32;

export interface Anchor {
  /** the quoted text; never empty */
  quote: string;
  /** up to CONTEXT_LENGTH characters before and after it, when it was last placed */
  prefix: string;
  suffix: string;
  /** [start, end) in the text; null: detached */
  start: number | null;
  end: number | null;
}

/** The anchor of text[start, end): its quote and context. */
export function anchorAt(text: string, start: number, end: number): Anchor {
  return {
    quote: text.slice(start, end),
    prefix: text.slice(Math.max(0, start - CONTEXT_LENGTH), start),
    suffix: text.slice(end, end + CONTEXT_LENGTH),
    start,
    end,
  };
}

/** An anchor that lost its place: its quote and context kept as they were. */
export function detached(anchor: Anchor): Anchor {
  return { ...anchor, start: null, end: null };
}

/** Occurrences of a quote looked at, at most: a one-word quote in a long chapter has thousands. */
const MAX_CANDIDATES = 2000;

/**
 * The occurrence of the quote nearest `near` (the caller's idea of where it is), the one whose
 * context matches best winning over a nearer one. The nearest MAX_CANDIDATES occurrences (half
 * either side) are looked at.
 */
export function findQuote(text: string, anchor: Pick<Anchor, "quote" | "prefix" | "suffix">, near: number): Anchor | null {
  const { quote, prefix, suffix } = anchor;
  if (quote === "") return null;
  let best: { at: number; score: number } | null = null;
  for (const at of occurrencesAround(text, quote, near, MAX_CANDIDATES / 2)) {
    // Context counts for more than distance: a repeated phrase is told apart by what surrounds it.
    const context = sharedSuffixLength(text.slice(Math.max(0, at - prefix.length), at), prefix) + sharedPrefixLength(text.slice(at + quote.length, at + quote.length + suffix.length), suffix);
    const score = context * (text.length + 1) - Math.abs(at - near);
    if (!best || score > best.score) best = { at, score };
  }
  return best ? anchorAt(text, best.at, best.at + quote.length) : null;
}

/**
 * Where a thread the server placed stands in another copy of the text (the editor's, with typing
 * since; a reader's, without notes or heading marks): its quote nearest the server's place. Null:
 * detached, or not in this copy.
 */
export function threadIn(text: string, thread: { quote: string; start: number | null }): { start: number; end: number } | null {
  const found = thread.start === null ? null : findQuote(text, { quote: thread.quote, prefix: "", suffix: "" }, thread.start);
  return found && { start: found.start!, end: found.end! };
}

/**
 * Where the quote occurs: the last `each` occurrences before `near` and the first `each` from it,
 * in one Knuth–Morris–Pratt pass, O(text + quote) whatever the two hold. (String.prototype.lastIndexOf
 * compares naively: a quote of five thousand a's and a b, looked for backwards in a chapter of
 * a's, took seconds.)
 */
function occurrencesAround(text: string, quote: string, near: number, each: number): number[] {
  const fallback = new Int32Array(quote.length);
  for (let i = 1, k = 0; i < quote.length; i++) {
    while (k > 0 && quote.charCodeAt(i) !== quote.charCodeAt(k)) k = fallback[k - 1]!;
    if (quote.charCodeAt(i) === quote.charCodeAt(k)) k++;
    fallback[i] = k;
  }
  const before: number[] = [];
  const after: number[] = [];
  for (let i = 0, k = 0; i < text.length && after.length < each; i++) {
    while (k > 0 && text.charCodeAt(i) !== quote.charCodeAt(k)) k = fallback[k - 1]!;
    if (text.charCodeAt(i) === quote.charCodeAt(k)) k++;
    if (k < quote.length) continue;
    const at = i - quote.length + 1;
    if (at >= near) after.push(at);
    else if (before.push(at) > 2 * each) before.splice(0, each); // keep the last `each` at a cost of one copy per `each` found
    k = fallback[k - 1]!;
  }
  return [...before.slice(-each), ...after];
}

/**
 * The anchor in `after`, the text that replaced `before`. The edit is taken as one replaced stretch
 * (what lies between the texts' common beginning and common end): an anchor wholly before it stays,
 * wholly after it shifts by the change in length, and one the edit falls inside grows or shrinks
 * with it (the quoted words were revised, not lost). An anchor inside the stretch (its paragraph
 * moved, the chapter replaced) is looked for by its quote; one the edit cuts across keeps the part
 * the edit left; one the edit took whole is detached. A detached anchor is looked for again.
 */
export function followEdit(anchor: Anchor, before: string, after: string, edit: TextEdit = editOf(before, after)): Anchor {
  const { start, end } = anchor;
  if (start === null || end === null) return findQuote(after, anchor, 0) ?? anchor;
  if (before === after) return anchor;
  const { editedFrom, editedTo, shift } = edit;
  if (end <= editedFrom) return anchorAt(after, start, end);
  if (start >= editedTo) return anchorAt(after, start + shift, end + shift);
  if (start <= editedFrom && end >= editedTo && end + shift > start) return anchorAt(after, start, end + shift);
  if (start < editedFrom) return anchorAt(after, start, editedFrom);
  if (end > editedTo) return anchorAt(after, editedTo + shift, end + shift);
  return findQuote(after, anchor, start) ?? findBetweenContext(after, anchor, start) ?? detached(anchor);
}

/** A change as one replaced stretch: [editedFrom, editedTo) of the text before, and how much longer the text grew. */
export interface TextEdit {
  editedFrom: number;
  editedTo: number;
  shift: number;
}

/**
 * The one stretch a change replaced (what lies between the texts' common beginning and common end).
 * Two scans of the texts: a caller following many anchors through one change finds it once.
 */
export function editOf(before: string, after: string): TextEdit {
  const common = sharedPrefixLength(before, after);
  const tail = Math.min(sharedSuffixLength(before, after), before.length - common, after.length - common);
  return { editedFrom: common, editedTo: before.length - tail, shift: after.length - before.length };
}

/**
 * A quote whose words were changed where a change also moved it (a book-wide replace touches many
 * places at once): the stretch between its context, when the context is still there, near where it
 * stood and not far longer than the quote was.
 */
export function findBetweenContext(text: string, anchor: Pick<Anchor, "quote" | "prefix" | "suffix">, near: number): Anchor | null {
  if (anchor.prefix.length < NEAR_CONTEXT || anchor.suffix.length < NEAR_CONTEXT) return null;
  // Only the context next to the quote: the farther part may hold the changed words too.
  const prefix = anchor.prefix.slice(-NEAR_CONTEXT);
  const suffix = anchor.suffix.slice(0, NEAR_CONTEXT);
  const before = findQuote(text, { quote: prefix, prefix: "", suffix: "" }, Math.max(0, near - prefix.length));
  if (!before) return null;
  const start = before.end!;
  // Looked for only as far as the quote may have grown: the rest of the chapter is not its place.
  const within = text.slice(start, start + 2 * anchor.quote.length + CONTEXT_LENGTH + suffix.length).indexOf(suffix);
  if (within <= 0) return null;
  return anchorAt(text, start, start + within);
}

/** The context either side that places an edited quote: shorter matches by chance, longer may hold edits. */
const NEAR_CONTEXT = 12;

/**
 * The anchor in a text that replaced one not known any more (an undo reads only what it restores):
 * kept where it is if its quote is still there, otherwise looked for by its quote and its context.
 */
export function followReplacement(anchor: Anchor, after: string): Anchor {
  const { start, end, quote } = anchor;
  if (start !== null && end !== null && after.slice(start, end) === quote) return anchorAt(after, start, end);
  return findQuote(after, anchor, start ?? 0) ?? findBetweenContext(after, anchor, start ?? 0) ?? detached(anchor);
}

function sharedPrefixLength(a: string, b: string): number {
  const limit = Math.min(a.length, b.length);
  let i = 0;
  while (i < limit && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

function sharedSuffixLength(a: string, b: string): number {
  const limit = Math.min(a.length, b.length);
  let i = 0;
  while (i < limit && a.charCodeAt(a.length - 1 - i) === b.charCodeAt(b.length - 1 - i)) i++;
  return i;
}

/**
 * An anchor whose quote must stand word for word wherever it is placed: a suggested edit, which
 * replaces exactly the words it was made on (decision 0496). It moves as `followEdit` (or, without
 * the old text, `followReplacement`) moves a comment; where that leaves it on other words (the
 * quoted words were revised), the quote is looked for again nearest that place, and failing that
 * the anchor is detached: its words are not in the text, and it comes back when they are. Never
 * re-quoted: the quote, prefix and suffix stay as the suggester saw them.
 */
export function followExactly(anchor: Anchor, before: string | undefined, after: string, edit?: TextEdit): Anchor {
  const moved = before === undefined ? followReplacement(anchor, after) : followEdit(anchor, before, after, edit);
  const kept = { ...anchor, start: moved.start, end: moved.end };
  if (holdsQuote(after, kept)) return kept;
  const found = findQuote(after, anchor, moved.start ?? anchor.start ?? 0);
  return found ? { ...anchor, start: found.start, end: found.end } : detached(anchor);
}

/** Whether the text holds the anchor's quote exactly at its place. */
export function holdsQuote(text: string, anchor: Pick<Anchor, "quote" | "start" | "end">): boolean {
  return anchor.start !== null && anchor.end !== null && text.slice(anchor.start, anchor.end) === anchor.quote;
}
