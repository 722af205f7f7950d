import { type Completion, type CompletionContext, type CompletionResult } from "@codemirror/autocomplete";
import { type EditorState, type Extension, type Range, StateEffect, StateField } from "@codemirror/state";
import { Decoration, type DecorationSet, EditorView, hoverTooltip, ViewPlugin, type ViewUpdate } from "@codemirror/view";
import { findMentions, type Mention } from "@/server/analysis/engine/mentions";
import { intlSegmenter } from "@/server/text/intl-segmenter";
import type { Segmenter } from "@/server/text/segmenter";

/** A story-bible entry as the editor needs it: what it is called, and what kind of thing it is. */
export interface MarkedEntry {
  id: string;
  /** character, place, object, group, lore or the writer's own kind: the mark's class */
  kind: string;
  /** the name first, then the aliases */
  names: readonly string[];
}

interface BibleState {
  entries: readonly MarkedEntry[];
  segmenter: Segmenter;
  /** for mentions: a new object (and so an empty cache) whenever the entries change */
  lines: Map<string, Mention[]>;
}

/** Gives the editor the book's entries (the page sends them again whenever the bible changes). */
export const setMarkedEntries = StateEffect.define<readonly MarkedEntry[]>();

function bibleState(entries: readonly MarkedEntry[]): BibleState {
  return { entries, segmenter: intlSegmenter(entries.flatMap((entry) => entry.names)), lines: new Map() };
}

/** The entries the editor knows, in the editor's state so that marks, cards and completion agree. */
export const markedEntries = StateField.define<BibleState>({
  create: () => bibleState([]),
  update(value, transaction) {
    for (const effect of transaction.effects) if (effect.is(setMarkedEntries)) value = bibleState(effect.value);
    return value;
  },
});

/** A line's text is scanned at most once per entry list: the cache never holds more than this many lines. */
const CACHED_LINES = 5_000;

/**
 * The mentions in one line, cached by the line's text. A keystroke changes one line, so a redraw
 * scans that line only; scrolling scans the lines it brings into view the first time they come.
 * Names never span a line break, so a line scanned alone gives what the whole text would.
 */
export function lineMentions(state: EditorState, text: string): Mention[] {
  const bible = state.field(markedEntries, false);
  if (!bible || bible.entries.length === 0) return [];
  let found = bible.lines.get(text);
  if (!found) {
    found = findMentions(text, bible.entries, bible.segmenter);
    if (bible.lines.size >= CACHED_LINES) bible.lines.clear();
    bible.lines.set(text, found);
  }
  return found;
}

/** Every mention in the whole text, for the panel of the entries this chapter holds. */
export function chapterMentions(state: EditorState): { mention: Mention; from: number }[] {
  const all: { mention: Mention; from: number }[] = [];
  for (let number = 1; number <= state.doc.lines; number++) {
    const line = state.doc.line(number);
    for (const mention of lineMentions(state, line.text)) all.push({ mention, from: line.from });
  }
  return all;
}

const markOf = new Map<string, Decoration>();
/** A quiet mark: a class per kind (the page's CSS draws a thin underline), the entry's id for the card. */
function mark(entry: MarkedEntry | undefined, id: string): Decoration {
  const kind = entry?.kind ?? "entry";
  const key = `${kind}\n${id}`;
  let found = markOf.get(key);
  if (!found) {
    found = Decoration.mark({ class: `bible-mark bible-${kind.replace(/[^\w-]/g, "_")}`, attributes: { "data-entry": id } });
    markOf.set(key, found);
  }
  return found;
}

function eachVisibleLine(view: EditorView, visit: (from: number, text: string) => void): void {
  const { doc } = view.state;
  let last = -1;
  for (const { from, to } of view.visibleRanges) {
    for (let at = from; at <= to; ) {
      const line = doc.lineAt(at);
      if (line.number > last) visit(line.from, line.text);
      last = line.number;
      at = line.to + 1;
    }
  }
}

function marksIn(view: EditorView): DecorationSet {
  const bible = view.state.field(markedEntries, false);
  if (!bible || bible.entries.length === 0) return Decoration.none;
  const byId = new Map(bible.entries.map((entry) => [entry.id, entry]));
  const marks: Range<Decoration>[] = [];
  eachVisibleLine(view, (from, text) => {
    for (const mention of lineMentions(view.state, text)) marks.push(mark(byId.get(mention.id), mention.id).range(from + mention.start, from + mention.end));
  });
  return Decoration.set(marks);
}

/** Where the time each redraw of the marks took goes, when a benchmark asks (bench/bible-marks.mjs). */
export const markTimings: { sink?: number[] } = {};

const nameMarks = ViewPlugin.fromClass(
  class {
    decorations: DecorationSet;
    constructor(view: EditorView) {
      this.decorations = marksIn(view);
    }
    update(update: ViewUpdate) {
      const entriesChanged = update.startState.field(markedEntries, false) !== update.state.field(markedEntries, false);
      if (!(update.docChanged || update.viewportChanged || entriesChanged)) return;
      const started = markTimings.sink && performance.now();
      this.decorations = marksIn(update.view);
      if (started) markTimings.sink!.push(performance.now() - started);
    }
  },
  { decorations: (plugin) => plugin.decorations },
);

/** The mention under a position of the text, if there is one. */
export function mentionAt(state: EditorState, pos: number): { id: string; from: number; to: number } | undefined {
  const line = state.doc.lineAt(pos);
  const offset = pos - line.from;
  const mention = lineMentions(state, line.text).find((m) => m.start <= offset && offset <= m.end);
  return mention && { id: mention.id, from: line.from + mention.start, to: line.from + mention.end };
}

/**
 * The names of the book's entries marked where they stand in the text, and the entry's card on
 * hover. `card` draws the card (the page knows the entries' descriptions and where they live).
 * Only the lines on screen are scanned (a line once per entry list; see lineMentions).
 */
export function bibleMarks(card: (id: string) => HTMLElement | null): Extension {
  return [
    nameMarks,
    hoverTooltip((view, pos) => {
      const found = mentionAt(view.state, pos);
      if (!found) return null;
      return {
        pos: found.from,
        end: found.to,
        above: true,
        create: () => ({ dom: card(found.id) ?? document.createElement("span") }),
      };
    }),
  ];
}

/** What `@` has been followed by, up to the caret: letters, marks, digits and Han characters, no space. */
const AT_QUERY = /@[\p{L}\p{M}\p{N}'’·・-]*$/u;

/**
 * `@` and the start of a name offers the entries whose name or alias begins with it (or contains
 * it, for Chinese, where the writer may know only the given name); choosing one writes the name
 * in place of `@…`. Wired as a completion source, so CodeMirror's own list, keys and screen-reader
 * announcements apply.
 */
export function bibleCompletionSource(context: CompletionContext): CompletionResult | null {
  const typed = context.matchBefore(AT_QUERY);
  if (!typed) return null;
  const { entries } = context.state.field(markedEntries, false) ?? { entries: [] };
  if (entries.length === 0) return null;
  const options: Completion[] = [];
  for (const entry of entries) {
    // A built-in kind in the page's language (the editor's phrases); a kind the writer named as it is.
    const kind = context.state.phrase(entry.kind);
    entry.names.forEach((name, index) => {
      options.push({
        label: `@${name}`,
        displayLabel: name,
        detail: index === 0 ? kind : `${kind} · ${entry.names[0]}`,
        type: "variable",
        apply: name,
        boost: index === 0 ? 1 : 0,
      });
    });
  }
  return { from: typed.from, options, validFor: AT_QUERY };
}
