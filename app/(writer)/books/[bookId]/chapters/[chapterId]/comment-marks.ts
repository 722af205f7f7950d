import { type EditorState, StateEffect, StateField, type Range } from "@codemirror/state";
import { Decoration, type DecorationSet, EditorView } from "@codemirror/view";

/** An open thread's stretch of the text, in the editor's positions. */
export interface CommentMark {
  id: string;
  from: number;
  to: number;
}

/** Replaces the marks: the threads as the server last placed them, found in the text being edited. */
export const setCommentMarks = StateEffect.define<{ marks: readonly CommentMark[]; active: string | null }>();

function decorations(marks: readonly CommentMark[], active: string | null, state: EditorState): DecorationSet {
  const length = state.doc.length;
  const title = state.phrase("Commented: click to open the thread");
  const ranges: Range<Decoration>[] = [];
  for (const { id, from, to } of marks) {
    if (from >= to || to > length) continue;
    const className = id === active ? "comment-mark comment-mark-active" : "comment-mark";
    ranges.push(Decoration.mark({ class: className, attributes: { "data-thread": id, title } }).range(from, to));
  }
  return Decoration.set(ranges, true);
}

/**
 * The comments' margin marks: each open thread's words underlined. Between two loads from the
 * server the marks move with the writer's typing (mapped through each change), as the server
 * moves the threads when the text is saved.
 */
const commentMarksField = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(marks, transaction) {
    let next = marks.map(transaction.changes);
    for (const effect of transaction.effects) {
      if (effect.is(setCommentMarks)) next = decorations(effect.value.marks, effect.value.active, transaction.state);
    }
    return next;
  },
  provide: (field) => EditorView.decorations.from(field),
});

/** The marks, and a click on one opening its thread. */
export function commentMarks(onOpen: (threadId: string) => void) {
  return [
    commentMarksField,
    EditorView.domEventHandlers({
      click(event) {
        const mark = (event.target as HTMLElement | null)?.closest?.("[data-thread]");
        const id = mark?.getAttribute("data-thread");
        if (id) onOpen(id);
        return false;
      },
    }),
  ];
}

/** Where a thread's mark stands now (moved with any typing since it was placed); null: not marked. */
export function markOf(state: EditorState, threadId: string): { from: number; to: number } | null {
  for (let cursor = state.field(commentMarksField, false)?.iter(); cursor?.value; cursor.next()) {
    if ((cursor.value.spec as { attributes?: Record<string, string> }).attributes?.["data-thread"] === threadId) return { from: cursor.from, to: cursor.to };
  }
  return null;
}
