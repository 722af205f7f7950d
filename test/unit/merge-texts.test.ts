// @module-tag shared
import { describe, expect, it } from "vitest";
import { mergeTexts } from "@/app/(writer)/books/[bookId]/chapters/[chapterId]/merge-texts";

const base = ["# One", "The first paragraph.", "The second paragraph.", "The third paragraph."].join("\n");

describe("mergeTexts (Keep both)", () => {
  it("applies both sides' changes to different paragraphs", () => {
    const mine = base.replace("second", "SECOND");
    const theirs = base.replace("third paragraph.", "third paragraph.\nA paragraph from the other tab.");
    expect(mergeTexts(base, mine, theirs)).toEqual({
      text: ["# One", "The first paragraph.", "The SECOND paragraph.", "The third paragraph.", "A paragraph from the other tab."].join("\n"),
      doubled: 0,
    });
  });

  it("keeps a paragraph the other side added and one deleted here", () => {
    const mine = base.replace("The first paragraph.\n", "");
    const theirs = base.replace("# One\n", "# One\nA new opening.\n");
    expect(mergeTexts(base, mine, theirs)?.text).toBe(["# One", "A new opening.", "The second paragraph.", "The third paragraph."].join("\n"));
  });

  it("merges changes to different words of one paragraph", () => {
    expect(mergeTexts("It was a dark night.", "It was a dark and stormy night.", "It is a dark night.")?.text).toBe("It is a dark and stormy night.");
  });

  it("keeps both additions made at the same place, the other side's first", () => {
    expect(mergeTexts("Start.", "Start. Beta.", "Start. Alpha.")).toEqual({ text: "Start. Alpha. Beta.", doubled: 0 });
    expect(mergeTexts("A\nB", "A\nB\nMine", "A\nB\nTheirs")?.text).toBe("A\nB\nTheirs\nMine");
  });

  it("keeps both versions of a paragraph both sides rewrote", () => {
    expect(mergeTexts("A\nThe cat sat.\nC", "A\nThe bird sat.\nC", "A\nThe dog sat.\nC")).toEqual({ text: "A\nThe dog sat.\nThe bird sat.\nC", doubled: 1 });
  });

  it("takes one copy of a change both sides made alike", () => {
    expect(mergeTexts(base, base.replace("first", "1st"), base.replace("first", "1st"))?.text).toBe(base.replace("first", "1st"));
  });

  it("keeps CRLF line ends and CJK text", () => {
    const cjk = "第一段。\r\n第二段。";
    expect(mergeTexts(cjk, "第一段！\r\n第二段。", "第一段。\r\n第二段。\r\n第三段。")?.text).toBe("第一段！\r\n第二段。\r\n第三段。");
  });
});
