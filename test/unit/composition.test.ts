// @module-tag shared
import { EditorState, type Transaction } from "@codemirror/state";
import { describe, expect, it } from "vitest";
import { followComposition, textWithout, type Composition } from "@/app/(writer)/books/[bookId]/chapters/[chapterId]/composition";

// Issue 32 item 9 (decision 0513): the editor's text while an input method composes is the text
// without the stretch being composed, so neither a save nor the count ever holds half-typed pinyin.

/** Follows a run of transactions from `state`, each made from the state the last one left. */
function follow(state: EditorState, steps: ((state: EditorState) => Transaction)[], composing = true): { state: EditorState; composition: Composition | null } {
  let composition: Composition | null = null;
  for (const step of steps) {
    const tr = step(state);
    composition = followComposition(composition, tr, composing);
    state = tr.state;
  }
  return { state, composition };
}

/** What an input method does to the text: the composition's letters put over `from`–`to`. */
const compose = (from: number, to: number, insert: string) => (state: EditorState) => state.update({ changes: { from, to, insert }, userEvent: "input.type.compose" });

describe("the text without an input method's composition", () => {
  it("is the text before the composition while pinyin is typed and changed", () => {
    const { state, composition } = follow(EditorState.create({ doc: "他说：" }), [compose(3, 3, "n"), compose(3, 4, "ni"), compose(3, 5, "ni'h"), compose(3, 7, "ni'hao")]);
    expect(state.sliceDoc()).toBe("他说：ni'hao");
    expect(composition).toEqual({ from: 3, to: 9, replaced: "" });
    expect(textWithout(state, composition)).toBe("他说：");
  });

  it("puts back a selection typed over, and follows the composition past its first stretch", () => {
    const start = EditorState.create({ doc: "他说：再见。" });
    // 再见 selected and composed over; then the input method widens the stretch to the full stop.
    const { state, composition } = follow(start, [compose(3, 5, "n"), compose(3, 4, "nihao"), compose(3, 9, "你好!")]);
    expect(state.sliceDoc()).toBe("他说：你好!");
    expect(textWithout(state, composition)).toBe("他说：再见。");
  });

  it("moves with changes made elsewhere, and is forgotten when a change reaches into it", () => {
    const start = EditorState.create({ doc: "第一段。\n第二段" });
    const elsewhere = (state: EditorState) => state.update({ changes: { from: 0, insert: "　" } });
    const moved = follow(start, [compose(8, 8, "sa"), elsewhere]);
    expect(textWithout(moved.state, moved.composition)).toBe("　第一段。\n第二段");
    const replacedWhole = (state: EditorState) => state.update({ changes: { from: 0, to: state.doc.length, insert: "新的" } });
    const gone = follow(start, [compose(8, 8, "sa"), replacedWhole]);
    expect(gone.composition).toBeNull();
    expect(textWithout(gone.state, gone.composition)).toBe("新的");
  });

  it("keeps the document's line breaks", () => {
    const start = EditorState.create({ doc: "一\r\n二", extensions: EditorState.lineSeparator.of("\r\n") });
    const { state, composition } = follow(start, [compose(3, 3, "san")]);
    expect(textWithout(state, composition)).toBe("一\r\n二");
  });

  it("is the whole text when nothing is composed", () => {
    const typed = follow(EditorState.create({ doc: "" }), [(state) => state.update({ changes: { from: 0, insert: "你好" }, userEvent: "input.type" })]);
    expect(typed.composition).toBeNull();
    // The last change of a composition read after it ended is an ordinary edit.
    const late = follow(EditorState.create({ doc: "" }), [compose(0, 0, "你好")], false);
    expect(late.composition).toBeNull();
    expect(textWithout(late.state, late.composition)).toBe("你好");
  });
});
