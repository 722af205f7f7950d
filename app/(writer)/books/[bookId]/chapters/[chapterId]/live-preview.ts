import { syntaxTree } from "@codemirror/language";
import type { EditorState, Range } from "@codemirror/state";
import { Decoration, type DecorationSet, type EditorView, ViewPlugin, type ViewUpdate, WidgetType } from "@codemirror/view";
import type { SyntaxNodeRef } from "@lezer/common";

// The text as a writer sees it (issue 33 item 4): Markdown's marks are hidden outside the lines
// the caret is on (as Typora's and Obsidian's live preview hide them), and shown again on those
// lines so that what is edited is what is stored. Only the editor's drawing changes: every mark
// stays in the document, so copying, saving, undo and search see the Markdown byte for byte.

/** A hidden mark: drawn as nothing, still in the text. */
const hidden = Decoration.replace({});

/** A thematic break (`* * *`, `---`): a scene break, drawn as a short rule. */
class SceneBreak extends WidgetType {
  eq(): boolean {
    return true;
  }
  toDOM(view: EditorView): HTMLElement {
    const rule = document.createElement("span");
    rule.className = "md-scene-break";
    rule.setAttribute("role", "separator");
    rule.setAttribute("aria-label", view.state.phrase("Scene break"));
    return rule;
  }
  ignoreEvent(): boolean {
    return false;
  }
}
const sceneBreak = Decoration.replace({ widget: new SceneBreak() });

const quoteLine = Decoration.line({ class: "md-quote-line" });
const codeLine = Decoration.line({ class: "md-code-line" });
const fenceLine = Decoration.line({ class: "md-fence-line" });
const ruleLine = Decoration.line({ class: "md-rule-line" });

/**
 * The stretches of text, whole lines, where the marks show: the lines holding the selection while
 * the editor has focus, or while something is selected (a match Ctrl+F found, a mention the bible
 * panel went to) so that what is selected is seen whole.
 */
function editedLines(view: EditorView): readonly { from: number; to: number }[] {
  if (!view.hasFocus && view.state.selection.main.empty) return [];
  const { doc, selection } = view.state;
  return selection.ranges.map((range) => ({ from: doc.lineAt(range.from).from, to: doc.lineAt(range.to).to }));
}

const touches = (lines: readonly { from: number; to: number }[], from: number, to: number) => lines.some((line) => from <= line.to && to >= line.from);

/** Inline constructs whose marks show together, when any of the construct is on an edited line. */
const INLINE = new Set(["Emphasis", "StrongEmphasis", "Strikethrough", "InlineCode", "Link", "Autolink"]);
/** Marks hidden where they stand (their construct decides whether they show). */
const MARKS = new Set(["EmphasisMark", "StrikethroughMark", "CodeMark"]);

/** The end of the blanks after `at` on its line (a heading's `# ` or a quote's `> ` goes with its space). */
function afterSpace(state: EditorState, at: number, limit: number): number {
  while (at < limit && state.sliceDoc(at, at + 1) === " ") at++;
  return at;
}

function previewOf(view: EditorView): DecorationSet {
  const { state } = view;
  const { doc } = state;
  const edited = editedLines(view);
  const decorations: Range<Decoration>[] = [];
  // A plugin may not hide a line break (that would change the lines themselves): a construct
  // whose hidden part runs over one keeps it.
  const hide = (from: number, to: number) => {
    if (to > from && doc.lineAt(from).to >= to) decorations.push(hidden.range(from, to));
  };
  /** A line decoration on each line of [from, to] that is within [top, bottom] (what is on screen). */
  const eachLine = (from: number, to: number, line: Decoration, top: number, bottom: number) => {
    for (let at = Math.max(from, top), end = Math.min(to, bottom); at <= end; ) {
      const { from: start, to: lineEnd } = doc.lineAt(at);
      decorations.push(line.range(start));
      at = lineEnd + 1;
    }
  };
  /** Whether the construct around a mark shows its marks. */
  const revealed = (node: SyntaxNodeRef) => {
    for (let parent = node.node.parent; parent; parent = parent.parent) {
      if (INLINE.has(parent.name) || parent.name === "FencedCode") return touches(edited, parent.from, parent.to);
    }
    return touches(edited, node.from, node.to);
  };

  for (const { from, to } of view.visibleRanges) {
    syntaxTree(state).iterate({
      from,
      to,
      enter(node) {
        const name = node.name;
        if (name === "Blockquote") {
          eachLine(node.from, node.to, quoteLine, from, to);
        } else if (name === "FencedCode") {
          eachLine(node.from, node.to, codeLine, from, to);
          if (touches(edited, node.from, node.to)) return false;
          // The fences' lines: the fence and its info string hidden, the line drawn thin.
          const first = doc.lineAt(node.from);
          const last = doc.lineAt(node.to);
          decorations.push(fenceLine.range(first.from));
          hide(first.from, first.to);
          if (last.number !== first.number && /^\s*(`{3,}|~{3,})\s*$/.test(last.text)) {
            decorations.push(fenceLine.range(last.from));
            hide(last.from, last.to);
          }
          return false;
        } else if (name === "HorizontalRule") {
          if (touches(edited, node.from, node.to)) return;
          decorations.push(ruleLine.range(doc.lineAt(node.from).from));
          decorations.push(sceneBreak.range(node.from, node.to));
        } else if (name === "HeaderMark") {
          const parent = node.node.parent;
          // A setext heading's underline (=== or ---) stays: hiding it would leave an empty line.
          if (!parent || !parent.name.startsWith("ATXHeading") || touches(edited, node.from, node.to)) return;
          const line = doc.lineAt(node.from);
          if (node.from === line.from || state.sliceDoc(line.from, node.from).trim() === "") hide(node.from, afterSpace(state, node.to, line.to));
          // A closing run of #s, with the blanks before it.
          else {
            let start = node.from;
            while (start > line.from && state.sliceDoc(start - 1, start) === " ") start--;
            hide(start, node.to);
          }
        } else if (name === "QuoteMark") {
          if (touches(edited, node.from, node.to)) return;
          hide(node.from, Math.min(afterSpace(state, node.to, doc.lineAt(node.from).to), node.to + 1));
        } else if (name === "HardBreak") {
          // A backslash before a line break (trailing spaces draw as nothing already).
          if (state.sliceDoc(node.from, node.from + 1) === "\\" && !touches(edited, node.from, node.from)) hide(node.from, node.from + 1);
        } else if (name === "Escape") {
          if (!touches(edited, node.from, node.to)) hide(node.from, node.from + 1);
        } else if (name === "Link") {
          if (touches(edited, node.from, node.to)) return;
          // [text](target "title") and [text][label]: the text alone shows.
          const marks = node.node.getChildren("LinkMark");
          const open = marks[0];
          const close = marks[1];
          if (!open || !close || state.sliceDoc(open.from, open.to) !== "[") return;
          hide(open.from, open.to);
          hide(close.from, node.to);
          // Emphasis in the link's text is looked at still.
        } else if (name === "LinkMark") {
          // <https://…>: the angle brackets; a link's or an image's marks are their own construct's.
          if (node.node.parent?.name === "Autolink" && !touches(edited, node.from, node.to)) hide(node.from, node.to);
        } else if (MARKS.has(name)) {
          if (!revealed(node)) hide(node.from, node.to);
        }
      },
    });
  }
  return Decoration.set(decorations, true);
}

function sameLines(a: readonly { from: number; to: number }[], b: readonly { from: number; to: number }[]): boolean {
  return a.length === b.length && a.every((line, i) => line.from === b[i]!.from && line.to === b[i]!.to);
}

/**
 * Live preview as a view plugin over the visible ranges only: the work per redraw is the lines
 * on screen, never the whole chapter, so a 100,000-word chapter costs what a short one does.
 */
export const livePreview = ViewPlugin.fromClass(
  class {
    decorations: DecorationSet;
    lines: readonly { from: number; to: number }[];
    constructor(view: EditorView) {
      this.lines = editedLines(view);
      this.decorations = previewOf(view);
    }
    update(update: ViewUpdate) {
      const lines = editedLines(update.view);
      if (
        update.docChanged ||
        update.viewportChanged ||
        update.focusChanged ||
        !sameLines(lines, this.lines) ||
        syntaxTree(update.startState) !== syntaxTree(update.state)
      ) {
        this.lines = lines;
        this.decorations = previewOf(update.view);
      }
    }
  },
  { decorations: (plugin) => plugin.decorations },
);
