// @module-tag shared
import { describe, expect, it } from "vitest";
import { isIndentedProse, leadingIndentLength, withoutParagraphIndents } from "@/server/text/paragraph-indent";

// Issue 32 item 3 (decision 0491): the hand-made indent goes, the book's setting indents.
describe("withoutParagraphIndents", () => {
  it("takes the editor's old staircase and typed full-width spaces off every paragraph", () => {
    expect(withoutParagraphIndents("　　第一段。\n  　　第二段。\n    　　第三段。")).toBe("第一段。\n第二段。\n第三段。");
    expect(withoutParagraphIndents("\tOne.\n\n    Two.\r\n\u00a0Three.")).toBe("One.\n\nTwo.\r\nThree.");
  });

  it("leaves lists, fenced code, blank lines and unindented text as they are", () => {
    const list = "- one\n  - nested\n  more of it\n\n　　after.";
    expect(withoutParagraphIndents(list)).toBe("- one\n  - nested\n  more of it\n\nafter.");
    const fence = "```\n    code\n```\n  prose";
    expect(withoutParagraphIndents(fence)).toBe("```\n    code\n```\nprose");
    const plain = "No indent here.\n\n   \nNone.";
    expect(withoutParagraphIndents(plain)).toBe(plain);
  });

  it("is linear on a long text of indented lines", () => {
    const text = "　　段。\n".repeat(200_000);
    expect(withoutParagraphIndents(text)).toBe("段。\n".repeat(200_000));
  });
});

describe("the editor's line test", () => {
  it("finds a paragraph's indent, never a list item's or a blank line's", () => {
    expect(leadingIndentLength("　　第二段。")).toBe(2);
    expect(leadingIndentLength("    ")).toBe(0);
    expect(isIndentedProse("　　第二段。", "第一段。")).toBe(true);
    expect(isIndentedProse("  - nested", "- item")).toBe(false);
    expect(isIndentedProse("  continued", "- item")).toBe(false);
    expect(isIndentedProse("unindented", undefined)).toBe(false);
  });
});
