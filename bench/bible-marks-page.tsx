// The page bench/bible-marks.mjs bundles: the chapter editor alone (the real MarkdownEditor, its
// extensions and the bible's marks), with the text and entries the bench put on `window.__bench`.
import { EditorView } from "@codemirror/view";
import { createRoot } from "react-dom/client";
import { MarkdownEditor } from "@/app/(writer)/books/[bookId]/chapters/[chapterId]/markdown-editor";
import { markTimings, type MarkedEntry } from "@/app/(writer)/books/[bookId]/chapters/[chapterId]/bible-marks";

declare global {
  interface Window {
    __bench: { text: string; language: string; entries: MarkedEntry[] | null };
    /** types `count` characters at the caret as transactions, each timed to its DOM update (dispatch is synchronous) */
    __typeTimed(count: number): { update: number[]; marks: number[] };
  }
}

const { text, language, entries } = window.__bench;
const host = document.getElementById("root")!;
host.lang = language;
createRoot(host).render(
  <MarkdownEditor
    initialText={text}
    label="Chapter"
    smartPunctuation={false}
    source={false}
    typewriter={false}
    paragraphIndent="none"
    bible={entries ? { entries, marked: true, card: () => null } : undefined}
    onEdit={() => {}}
    onBlur={() => {}}
    ref={null}
  />,
);

window.__typeTimed = (count) => {
  const view = EditorView.findFromDOM(host.querySelector(".cm-editor") as HTMLElement)!;
  const times: number[] = [];
  markTimings.sink = [];
  for (let i = 0; i < count; i++) {
    const at = view.state.selection.main.head;
    const started = performance.now();
    view.dispatch({ changes: { from: at, insert: i % 6 === 5 ? " " : "a" }, selection: { anchor: at + 1 }, userEvent: "input.type" });
    times.push(performance.now() - started);
  }
  const marks = markTimings.sink;
  markTimings.sink = undefined;
  return { update: times, marks };
};
