import { insertNewline } from "@codemirror/commands";
import { EditorState, Prec, type ChangeSpec, type Extension } from "@codemirror/state";
import { keymap } from "@codemirror/view";
import { isIndentedProse, leadingIndentLength } from "@/server/text/paragraph-indent";

/**
 * 段首缩进 done right (issue 32 item 3, decision 0491): the book's paragraph indent is drawn by
 * CSS, so the text holds none of it.
 *
 * - Enter is a line break and nothing else. CodeMirror's own Enter copied the line's leading
 *   blanks, counted in columns, as ASCII spaces: `　　第一段。` Enter gave `  ` before the next
 *   paragraph, and each Enter after that two more, a staircase that Markdown reads as code.
 * - Blanks typed at the start of a paragraph of prose (full-width or ASCII spaces, tabs) go once
 *   text follows them on the line, so a writer's habit of typing `　　` leaves the text as plain as
 *   an import makes it. Lines of a list keep theirs (an indent nests an item), and so do lines
 *   while an input method composes (the composition is the IME's until it commits); a line the
 *   writer then edits is made plain too. A paste keeps its Markdown exactly (ASCII indents may be
 *   code or a list's), except an indent of ideographic spaces, which Markdown never means: text
 *   pasted from a web-novel site opens its paragraphs with `　　`.
 */
export const paragraphInput: Extension = [
  Prec.high(keymap.of([{ key: "Enter", run: insertNewline }])),
  EditorState.transactionFilter.of((tr) => {
    if (!tr.docChanged || tr.isUserEvent("input.type.compose") || !(tr.isUserEvent("input") || tr.isUserEvent("delete"))) return tr;
    const doc = tr.newDoc;
    const pasted = tr.isUserEvent("input.paste") || tr.isUserEvent("input.drop");
    const strip: ChangeSpec[] = [];
    let lastLine = 0;
    tr.changes.iterChangedRanges((_fromA, _toA, fromB, toB) => {
      for (let line = doc.lineAt(fromB); ; line = doc.line(line.number + 1)) {
        if (line.number > lastLine) {
          lastLine = line.number;
          const previous = line.number > 1 ? doc.line(line.number - 1).text : undefined;
          const indent = leadingIndentLength(line.text);
          const strips = isIndentedProse(line.text, previous) && (!pasted || line.text.slice(0, indent).includes("\u3000")) && !inFence(doc, line.number);
          if (strips) strip.push({ from: line.from, to: line.from + indent });
        }
        if (line.to >= toB || line.number === doc.lines) break;
      }
    });
    return strip.length === 0 ? tr : [tr, { changes: strip, sequential: true }];
  }),
];

/**
 * Whether the line stands between code fences: fences opened and not closed above it. Read back
 * from the line only as far as needed: a chapter of prose has none, and the scan stops at the top.
 */
function inFence(doc: EditorState["doc"], lineNumber: number): boolean {
  let open = false;
  for (let n = 1; n < lineNumber; n++) {
    const text = doc.line(n).text.trimStart();
    if (text.startsWith("```") || text.startsWith("~~~")) open = !open;
  }
  return open;
}
