import { type EditorState, StateEffect, StateField, type Range } from "@codemirror/state";
import { Decoration, type DecorationSet, EditorView, WidgetType } from "@codemirror/view";

/** An open suggestion's words in the editor's positions, and the text proposed for them. */
export interface SuggestionMark {
  id: string;
  from: number;
  to: number;
  replacement: string;
}

/** Replaces the marks: the suggestions as the server last placed them, found in the text being edited. */
export const setSuggestionMarks = StateEffect.define<readonly SuggestionMark[]>();

/** The proposed words, drawn after the words they would replace; never part of the text. */
class Insertion extends WidgetType {
  constructor(
    readonly id: string,
    readonly text: string,
  ) {
    super();
  }
  eq(other: Insertion) {
    return other.id === this.id && other.text === this.text;
  }
  toDOM() {
    const ins = document.createElement("ins");
    ins.className = "suggestion-ins";
    ins.dataset.suggestion = this.id;
    // textContent: a suggestion is shown as text, never run as markup.
    ins.textContent = this.text;
    return ins;
  }
  ignoreEvent() {
    return false;
  }
}

function decorations(marks: readonly SuggestionMark[], state: EditorState): DecorationSet {
  const length = state.doc.length;
  const title = state.phrase("Suggested edit: see Suggestions");
  const ranges: Range<Decoration>[] = [];
  for (const { id, from, to, replacement } of marks) {
    if (from >= to || to > length) continue;
    ranges.push(Decoration.mark({ class: "suggestion-del", attributes: { "data-suggestion": id, title } }).range(from, to));
    if (replacement !== "") ranges.push(Decoration.widget({ widget: new Insertion(id, replacement), side: 1 }).range(to));
  }
  return Decoration.set(ranges, true);
}

/**
 * Suggested edits drawn in the text as a difference: the words struck through, the proposed
 * words underlined after them. As the comments' marks, they move with typing until the next load
 * places them again.
 */
const suggestionMarksField = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(marks, transaction) {
    let next = marks.map(transaction.changes);
    for (const effect of transaction.effects) {
      if (effect.is(setSuggestionMarks)) next = decorations(effect.value, transaction.state);
    }
    return next;
  },
  provide: (field) => EditorView.decorations.from(field),
});

/** The marks, and a click on one opening the suggestions. */
export function suggestionMarks(onOpen: (suggestionId: string) => void) {
  return [
    suggestionMarksField,
    EditorView.domEventHandlers({
      click(event) {
        const id = (event.target as HTMLElement | null)?.closest?.("[data-suggestion]")?.getAttribute("data-suggestion");
        if (id) onOpen(id);
        return false;
      },
    }),
  ];
}
