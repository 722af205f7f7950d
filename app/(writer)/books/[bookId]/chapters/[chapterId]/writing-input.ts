import { isolateHistory } from "@codemirror/commands";
import { syntaxTree } from "@codemirror/language";
import { EditorSelection, Prec, type EditorState, type Extension, type Transaction, type TransactionSpec } from "@codemirror/state";
import { EditorView, keymap, type Command } from "@codemirror/view";
import { CJK } from "@/server/text/markdown-lines";
import { smartTyping } from "@/server/text/smart-punctuation";
import { pastedHtmlToMarkdown } from "./pasted-html";

// What the writer's hands expect of the editor beyond plain typing: a paste from Word or Google
// Docs that keeps its paragraphs and emphasis, Ctrl+I and Ctrl+B, and (an option) typographer's
// quotes, dashes and ellipses as they type.

/** Rich paste: the clipboard's HTML (Word, Google Docs, a web page) as Markdown; plain text as it is. */
export const richPaste: Extension = EditorView.domEventHandlers({
  paste(event, view) {
    const html = event.clipboardData?.getData("text/html");
    if (!html) return false;
    const markdown = pastedHtmlToMarkdown(html);
    if (!markdown) return false;
    event.preventDefault();
    view.dispatch(pasteMarkdown(view.state, markdown));
    return true;
  },
});

/**
 * The transaction that puts pasted Markdown (lines joined by "\n") in place of the selection. A
 * chapter stored with CRLF splits its lines on "\r\n" only, so the lines take the document's break.
 */
export function pasteMarkdown(state: EditorState, markdown: string): Transaction {
  return state.update(state.replaceSelection(markdown.split("\n").join(state.lineBreak)), { userEvent: "input.paste", scrollIntoView: true });
}

const isBlank = (c: string | undefined) => c !== undefined && /\s/.test(c);

/** How many `*` sit right before `at` (looking back at most three). */
function starsBefore(state: EditorState, at: number): number {
  const text = state.sliceDoc(Math.max(0, at - 3), at);
  let n = 0;
  while (n < text.length && text[text.length - 1 - n] === "*") n++;
  return n;
}

function starsAfter(state: EditorState, at: number): number {
  const text = state.sliceDoc(at, at + 3);
  let n = 0;
  while (n < text.length && text[n] === "*") n++;
  return n;
}

/**
 * Ctrl+I (`*`) and Ctrl+B (`**`): wraps the selection (or the word at the caret) in the marks,
 * or takes them off when it is already wrapped. With nothing to wrap, the marks go in with the
 * caret between them, ready for the emphasised words.
 */
function toggleMark(mark: "*" | "**"): Command {
  const size = mark.length;
  // `***` is both: it holds an italic and a bold mark.
  const holds = (stars: number) => (size === 1 ? stars === 1 || stars === 3 : stars >= 2);
  return (view) => {
    const { state } = view;
    const changes = state.changeByRange((range) => {
      let { from, to } = range;
      if (from === to) {
        const word = state.wordAt(from);
        if (word && !CJK.test(state.sliceDoc(word.from, word.to))) ({ from, to } = word);
      }
      // Emphasis cannot start or end with a blank: "*word *" is no emphasis.
      while (from < to && isBlank(state.sliceDoc(from, from + 1))) from++;
      while (to > from && isBlank(state.sliceDoc(to - 1, to))) to--;
      if (holds(starsBefore(state, from)) && holds(starsAfter(state, to))) {
        return {
          changes: [
            { from: from - size, to: from },
            { from: to, to: to + size },
          ],
          range: EditorSelection.range(from - size, to - size),
        };
      }
      const inside = state.sliceDoc(from, to);
      if (inside.length >= 2 * size + 1 && holds(starsAfter(state, from)) && holds(starsBefore(state, to))) {
        return {
          changes: [
            { from, to: from + size },
            { from: to - size, to },
          ],
          range: EditorSelection.range(from, to - 2 * size),
        };
      }
      return {
        changes: [
          { from, insert: mark },
          { from: to, insert: mark },
        ],
        range: from === to ? EditorSelection.cursor(from + size) : EditorSelection.range(from + size, to + size),
      };
    });
    view.dispatch(state.update(changes, { scrollIntoView: true, userEvent: "input" }));
    return true;
  };
}

/** Before CodeMirror's own Mod-i (select the enclosing syntax) and anything else bound to these keys. */
export const emphasisKeys: Extension = Prec.high(
  keymap.of([
    { key: "Mod-i", run: toggleMark("*"), preventDefault: true },
    { key: "Mod-b", run: toggleMark("**"), preventDefault: true },
  ]),
);

/** Code, HTML, notes and link targets keep the characters typed. */
function inLiteral(state: EditorState, at: number): boolean {
  for (let node: ReturnType<ReturnType<typeof syntaxTree>["resolveInner"]> | null = syntaxTree(state).resolveInner(at, -1); node; node = node.parent) {
    if (/Code|Comment|HTML|URL/.test(node.name)) return true;
  }
  return false;
}

/** How far back the caret looks for the note it may be in; past it, a note's own marks still keep it. */
const NOTE_REACH = 20_000;

/**
 * Whether `at` is inside a private note: after a `<!--` with no `-->` since, on this line or an
 * earlier one. One bounded scan back, linear in its length; a note not yet closed counts, since
 * the writer is typing it.
 */
export function inNote(state: EditorState, at: number): boolean {
  const before = state.sliceDoc(Math.max(0, at - NOTE_REACH), at);
  const open = before.lastIndexOf("<!--");
  return open >= 0 && !before.includes("-->", open);
}

/** Where the typographer's form of typing `text` at `from` starts (at or before `from`) and what it is; null: typed as it is. */
function smartChange(state: EditorState, from: number, to: number, text: string): { start: number; insert: string } | null {
  if (text.length !== 1) return null;
  const line = state.doc.lineAt(from);
  const change = smartTyping(state.sliceDoc(line.from, from), text, to < line.to ? state.sliceDoc(to, to + 1) : undefined);
  if (!change || inLiteral(state, from) || inNote(state, from)) return null;
  return { start: from - change.replace, insert: change.insert };
}

/** What typing `text` over `from`–`to` becomes with typographer's punctuation, in one change; null: typed as it is. */
export function smartInput(state: EditorState, from: number, to: number, text: string): TransactionSpec | null {
  const change = smartChange(state, from, to, text);
  if (!change) return null;
  const { start, insert } = change;
  return { changes: { from: start, to, insert }, selection: EditorSelection.cursor(start + insert.length), userEvent: "input.type", scrollIntoView: true };
}

/**
 * Typographer's punctuation as the writer types (the option is a compartment in the editor). The
 * key goes in as typed, then the typographer's form replaces it as an undo step of its own, as
 * Word's AutoCorrect does: Ctrl+Z right after a curled quote (a dash, an ellipsis) gives back the
 * straight one, and a second Ctrl+Z takes the key away.
 */
export const smartPunctuation: Extension = EditorView.inputHandler.of((view, from, to, text) => {
  if (view.composing) return false;
  const change = smartChange(view.state, from, to, text);
  if (!change) return false;
  const { start, insert } = change;
  view.dispatch({ changes: { from, to, insert: text }, selection: EditorSelection.cursor(from + text.length), userEvent: "input.type", scrollIntoView: true });
  // Positions before `from` are where they were: the typed key now ends at from + text.length.
  view.dispatch({
    changes: { from: start, to: from + text.length, insert },
    selection: EditorSelection.cursor(start + insert.length),
    userEvent: "input.type",
    scrollIntoView: true,
    annotations: isolateHistory.of("full"),
  });
  return true;
});
