// @module-tag shared
import { defineLanguageFacet, Language, LanguageSupport } from "@codemirror/language";
import { EditorState } from "@codemirror/state";
import { GFM, parser } from "@lezer/markdown";
import { describe, expect, it } from "vitest";
import { pasteMarkdown, smartInput } from "@/app/(writer)/books/[bookId]/chapters/[chapterId]/writing-input";

// The editor's grammar (markdown-editor.tsx): its syntax tree is what tells code and HTML apart.
const markdownLanguage = new Language(defineLanguageFacet(), parser.configure([GFM]), [], "markdown");

/** The chapter with the caret at its end. */
function chapter(doc: string, lineBreak?: string): EditorState {
  const state = EditorState.create({ doc, extensions: [lineBreak ? EditorState.lineSeparator.of(lineBreak) : [], new LanguageSupport(markdownLanguage)] });
  return state.update({ selection: { anchor: state.doc.length } }).state;
}

/** Types `text` at the end of the chapter one key at a time, as the editor's smart punctuation option does. */
function type(state: EditorState, text: string): EditorState {
  for (const key of text) {
    const at = state.selection.main.head;
    state = state.update(smartInput(state, at, at, key) ?? { changes: { from: at, insert: key }, selection: { anchor: at + 1 } }).state;
  }
  return state;
}

describe("rich paste (issue 17 item 2)", () => {
  it("keeps the pasted paragraphs apart in a chapter stored with CRLF line breaks", () => {
    const state = pasteMarkdown(chapter("Before.\r\n", "\r\n"), "It was *dark*.\n\nNobody came.").state;
    expect(state.doc.lines).toBe(4);
    expect(state.doc.line(2).text).toBe("It was *dark*.");
    expect(state.doc.line(4).text).toBe("Nobody came.");
    expect(state.sliceDoc()).toBe("Before.\r\nIt was *dark*.\r\n\r\nNobody came.");
  });

  it("pastes the same way into a chapter with LF line breaks", () => {
    expect(pasteMarkdown(chapter("Before.\n"), "One.\n\nTwo.").state.sliceDoc()).toBe("Before.\nOne.\n\nTwo.");
  });
});

describe("smart punctuation while typing, inside a private note (issue 17 item 2)", () => {
  it("leaves quotes and dashes as typed on a later line of a note that opened mid-line", () => {
    const typed = type(chapter('She left. <!-- check the date\n'), 'she said "May" -- or "June"');
    expect(typed.sliceDoc()).toBe('She left. <!-- check the date\nshe said "May" -- or "June"');
  });

  it("leaves them as typed on a later paragraph of a note, and curls them again after it closes", () => {
    const typed = type(chapter("<!-- a note\n\nstill the note "), '"it\'s" -->\nThen "she" said');
    expect(typed.sliceDoc()).toBe("<!-- a note\n\nstill the note \"it's\" -->\nThen “she” said");
  });
});
