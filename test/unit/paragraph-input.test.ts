// @module-tag shared
import { insertNewline, insertNewlineAndIndent } from "@codemirror/commands";
import { EditorSelection, EditorState, type Transaction } from "@codemirror/state";
import { describe, expect, it } from "vitest";
import { paragraphInput } from "@/app/(writer)/books/[bookId]/chapters/[chapterId]/paragraph-input";

// Issue 32 item 3 (decision 0491): the editor's Enter and typing at a paragraph's start, as state
// transactions (the Playwright test types the same in a browser, through an input method too).

/** Types `text` at the end, as the keyboard does: one input.type transaction a character. */
function type(state: EditorState, text: string, userEvent = "input.type"): EditorState {
  for (const character of text) {
    const at = state.doc.length;
    state = state.update({ changes: { from: at, insert: character }, selection: EditorSelection.cursor(at + character.length), userEvent }).state;
  }
  return state;
}

function enter(state: EditorState, command = insertNewline): EditorState {
  let next = state;
  command({ state, dispatch: (tr: Transaction) => (next = tr.state) });
  return next;
}

describe("the editor's paragraph input", () => {
  it("stores the issue's sequence as plain paragraphs: no staircase, no typed indent", () => {
    let state = EditorState.create({ extensions: [paragraphInput] });
    state = type(state, "　　第一段。");
    state = enter(state);
    state = type(state, "　　第二段。");
    state = enter(state);
    state = type(state, "　　第三段。");
    expect(state.doc.toString()).toBe("第一段。\n第二段。\n第三段。");
    expect(state.selection.main.head).toBe(state.doc.length);
  });

  it("was a staircase with CodeMirror's own Enter, which copies the indent as spaces", () => {
    let state = EditorState.create({ doc: "　　第一段。", selection: { anchor: 6 } });
    state = enter(state, insertNewlineAndIndent);
    state = type(state, "　　第二段。");
    state = enter(state, insertNewlineAndIndent);
    // The stored text, as it began.
    expect(state.doc.toString()).toBe("　　第一段。\n  　　第二段。\n    ");
  });

  it("leaves a composition alone until it commits, lists their indent, and a line of blanks alone", () => {
    let state = EditorState.create({ extensions: [paragraphInput] });
    state = type(state, "　　");
    state = type(state, "第三段", "input.type.compose");
    expect(state.doc.toString()).toBe("　　第三段");
    state = type(state, "。");
    expect(state.doc.toString()).toBe("第三段。");

    state = EditorState.create({ doc: "- item\n", extensions: [paragraphInput] });
    state = type(state, "  - nested");
    expect(state.doc.toString()).toBe("- item\n  - nested");

    state = EditorState.create({ doc: "", extensions: [paragraphInput] });
    expect(type(state, "　　").doc.toString()).toBe("　　");
  });

  it("keeps a paste's Markdown indents, and takes off a pasted paragraph's ideographic spaces", () => {
    const state = EditorState.create({ extensions: [paragraphInput] });
    const pasted = state.update({ changes: { from: 0, insert: "　　第一段。\n   Three spaces in.\n\t　第二段。" }, userEvent: "input.paste" }).state;
    expect(pasted.doc.toString()).toBe("第一段。\n   Three spaces in.\n第二段。");
  });
});
