import { EditorState, type Extension } from "@codemirror/state";
import { EditorView } from "@codemirror/view";

/**
 * Typewriter scrolling (focus mode): whenever the editor would bring the caret into view — typing,
 * deleting, undoing, moving with the keys — it brings it to the middle of the screen instead, so
 * the line being written stays at eye level and never slides under the status bar at the foot.
 * A click moves the caret without moving the text under the pointer.
 */
export const typewriterScrolling: Extension = EditorState.transactionExtender.of((transaction) => {
  if (!transaction.scrollIntoView || transaction.isUserEvent("select.pointer")) return null;
  // CodeMirror lets a scrollIntoView effect win over the transaction's own "nearest" scroll.
  return { effects: EditorView.scrollIntoView(transaction.newSelection.main.head, { y: "center" }) };
});
