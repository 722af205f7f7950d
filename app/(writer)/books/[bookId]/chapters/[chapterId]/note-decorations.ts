import { syntaxTree } from "@codemirror/language";
import type { Range } from "@codemirror/state";
import { Decoration, type DecorationSet, EditorView, ViewPlugin, type ViewUpdate } from "@codemirror/view";


/**
 * The writer's private notes (`<!-- … -->`, Ctrl+/) drawn as notes, not prose, exactly where the
 * server finds them (server/text/notes.ts): from `<!--` to the next `-->`, or to the end when one
 * opens a line and never closes. The Markdown grammar already finds them (its HTML comments); a
 * comment block also takes in the rest of the line after its `-->`, which is prose again here, as
 * it is to the counts and the exports. Only what is on screen is looked at.
 */
function notesIn(view: EditorView): DecorationSet {
  const marks: Range<Decoration>[] = [];
  const { doc } = view.state;
  const note = Decoration.mark({ class: "md-note", attributes: { title: view.state.phrase("Private note: not counted, not exported") } });
  for (const { from, to } of view.visibleRanges) {
    syntaxTree(view.state).iterate({
      from,
      to,
      enter: (node) => {
        if (node.name === "Comment") marks.push(note.range(node.from, node.to));
        else if (node.name === "CommentBlock") {
          const text = doc.sliceString(node.from, node.to);
          for (let open = text.indexOf("<!--"); open >= 0; ) {
            const close = text.indexOf("-->", open + 4);
            const end = close < 0 ? text.length : close + 3;
            marks.push(note.range(node.from + open, node.from + end));
            if (close < 0) break;
            open = text.indexOf("<!--", end);
          }
        } else return;
        return false;
      },
    });
  }
  return Decoration.set(marks, true);
}

export const noteDecorations = ViewPlugin.fromClass(
  class {
    decorations: DecorationSet;
    constructor(view: EditorView) {
      this.decorations = notesIn(view);
    }
    update(update: ViewUpdate) {
      if (update.docChanged || update.viewportChanged || syntaxTree(update.startState) !== syntaxTree(update.state)) this.decorations = notesIn(update.view);
    }
  },
  { decorations: (plugin) => plugin.decorations },
);
