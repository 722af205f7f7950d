// @module-tag shared
import { describe, expect, it } from "vitest";
import { countProse } from "@/server/text/prose";
import { changedLines, EDIT_WORDS_IN_WORKER, wordChange } from "@/server/text/word-change";

const counted = (before: string, after: string) => wordChange(before, after, "words", { before: countProse(before, "words"), after: countProse(after, "words") });

describe("wordChange (issue 22 item 1: words added and removed, counted apart)", () => {
  it("counts only what was typed inside a long paragraph", () => {
    const before = "The cat sat on the mat.\n\nIt was a cold night and nobody came.";
    const after = "The black cat sat on the mat.\n\nIt was a cold night and nobody came.";
    expect(counted(before, after)).toEqual({ added: 1, removed: 0 });
  });

  it("counts a replaced word as one removed and one added, and a deletion as removed", () => {
    expect(counted("The cat sat.", "The dog sat.")).toEqual({ added: 1, removed: 1 });
    expect(counted("One two three four.", "One four.")).toEqual({ added: 0, removed: 2 });
  });

  it("counts each CJK character as a word, as the book's counting rule does", () => {
    expect(counted("雪が降った。", "雪が静かに降った。")).toEqual({ added: 3, removed: 0 });
    expect(counted("他走了。", "她走了。")).toEqual({ added: 1, removed: 1 });
  });

  it("does not count the writer's notes or Markdown marks as words", () => {
    expect(counted("Night fell.", "Night fell. <!-- fix this later please -->")).toEqual({ added: 0, removed: 0 });
    expect(counted("Night fell.", "**Night** fell.")).toEqual({ added: 0, removed: 0 });
  });

  it("edits at both ends of a chapter count apart, not as the whole chapter rewritten", () => {
    const middle = Array.from({ length: 200 }, (_, i) => `Paragraph ${i} goes on.`).join("\n");
    expect(counted(`Start.\n${middle}\nEnd.`, `Start here.\n${middle}\nEnd now.`)).toEqual({ added: 2, removed: 0 });
  });

  it("a rewrite too large to match word by word counts the old lines removed and the new added", () => {
    const words = (prefix: string) => Array.from({ length: EDIT_WORDS_IN_WORKER }, (_, i) => `${prefix}${i}`).join(" ");
    expect(counted(words("a"), words("b"))).toEqual({ added: EDIT_WORDS_IN_WORKER, removed: EDIT_WORDS_IN_WORKER });
  });

  it("keeps added minus removed equal to the change of the whole counts", () => {
    // A note opened on an earlier line hides the changed line from the whole count.
    const before = "<!-- a note\nsecret words\n-->\nVisible.";
    const after = "<!-- a note\nsecret words here\n-->\nVisible.";
    const change = counted(before, after);
    expect(change.added - change.removed).toBe(countProse(after, "words") - countProse(before, "words"));
  });

  it("diffs a hostile rewrite of one long line (every word swapped with its neighbour) exactly", () => {
    // The pathological input for the web thread's diff budget (server/text/count-task.ts sends
    // changed lines over 16 Ki characters to a worker): one line, every word moved by one.
    expect(wordChange("a b ".repeat(32_000), "b a ".repeat(32_000), "words")).toEqual({ added: 1, removed: 1 });
    expect(wordChange("天地".repeat(32_000), "地天".repeat(32_000), "words")).toEqual({ added: 1, removed: 1 });
  });

  it("widens the changed stretch to whole lines", () => {
    expect(changedLines("a\nhello world\nz", "a\nhello there world\nz")).toEqual({ before: "hello world", after: "hello there world" });
    expect(changedLines("same", "same")).toEqual({ before: "", after: "" });
  });
});
