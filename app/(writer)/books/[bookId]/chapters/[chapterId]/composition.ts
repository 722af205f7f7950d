import { Facet, type EditorState, type Transaction } from "@codemirror/state";
import { ViewPlugin, type EditorView, type PluginValue, type ViewUpdate } from "@codemirror/view";

// An input method's composition is not text yet (issue 32 item 9, decision 0513). While a writer
// composes (pinyin shown in the text, underlined, until a candidate is chosen), CodeMirror holds
// the half-typed letters in its document: saved or counted, `nihao` would reach the server and the
// day's words. The editor reads its text through `committedText`: the document with the stretch
// being composed put back as it was before the composition began.

/** The stretch of the document an input method is composing, and what stood there before it began. */
export interface Composition {
  from: number;
  to: number;
  /** the text the composition replaced (usually nothing; a selection typed over) */
  replaced: string;
}

/**
 * The composition after `tr`. `composing`: whether the view is composing now. A change the
 * input method makes (`input.type.compose`) starts the stretch or widens it to cover the change;
 * any other change moves it, and one that reaches into it leaves nothing to put back (a whole
 * text replaced under it): the composition is forgotten.
 */
export function followComposition(composition: Composition | null, tr: Transaction, composing: boolean): Composition | null {
  if (!tr.docChanged) return composition;
  if (composing && tr.isUserEvent("input.type.compose")) {
    // The changes' extent in the old document, widened to the stretch already composed.
    let from = composition?.from ?? Infinity;
    let to = composition?.to ?? -Infinity;
    tr.changes.iterChangedRanges((fromA, toA) => {
      from = Math.min(from, fromA);
      to = Math.max(to, toA);
    });
    const old = tr.startState;
    const replaced = composition ? old.sliceDoc(from, composition.from) + composition.replaced + old.sliceDoc(composition.to, to) : old.sliceDoc(from, to);
    return { from: tr.changes.mapPos(from, -1), to: tr.changes.mapPos(to, 1), replaced };
  }
  if (!composition) return null;
  const from = tr.changes.mapPos(composition.from, 1);
  const to = tr.changes.mapPos(composition.to, -1);
  return to - from === composition.to - composition.from ? { ...composition, from, to } : null;
}

/** The text without the composition: as it stood before the writer began composing, with every change made since outside it. */
export function textWithout(state: EditorState, composition: Composition | null): string {
  if (!composition) return state.sliceDoc();
  return state.sliceDoc(0, composition.from) + composition.replaced + state.sliceDoc(composition.to);
}

/** What the editor calls when a composition ends: what it leaves (the characters chosen, or nothing) is an edit the updates during it did not announce. */
export const compositionEnded = Facet.define<() => void>();

class CompositionWatch implements PluginValue {
  composition: Composition | null = null;

  constructor(private readonly view: EditorView) {}

  update(update: ViewUpdate): void {
    for (const tr of update.transactions) this.composition = followComposition(this.composition, tr, update.view.compositionStarted);
    this.settle();
  }

  /** The composition ended (committed or cancelled): what it leaves is the writer's text. */
  settle(): void {
    if (!this.composition || this.view.compositionStarted) return;
    this.composition = null;
    for (const ended of this.view.state.facet(compositionEnded)) ended();
  }
}

/** Follows the input method's compositions in the editor (compositionEnded says when one ends). */
export const compositionWatch = ViewPlugin.fromClass(CompositionWatch, {
  eventObservers: {
    compositionend(this: CompositionWatch) {
      // Observers run before CodeMirror's own, which ends the composition and reads the last of
      // it from the page in a microtask: two microtasks later both have happened. No transaction
      // need follow (the page's text may have been read already), so the end is looked for here.
      queueMicrotask(() => queueMicrotask(() => this.settle()));
    },
  },
});

/** Whether the writer is composing with an input method in `view` (a composition that has changed the text). */
export function composingIn(view: EditorView): boolean {
  return view.compositionStarted && view.plugin(compositionWatch)?.composition != null;
}

/** The writer's text in `view`: without the stretch an input method is still composing. */
export function committedText(view: EditorView): string {
  return textWithout(view.state, composingIn(view) ? view.plugin(compositionWatch)!.composition : null);
}
