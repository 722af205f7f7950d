// @module-tag shared
import { describe, expect, it } from "vitest";
import { atxHeading, leadingHeading, withoutHeadingMarks } from "@/server/text/markdown-heading";
import { cpuMark, cpuMsSince } from "../support/cpu-time";

describe("reading a Markdown ATX heading (issue 16, items 4 and 5)", () => {
  it("reads level and text as CommonMark does", () => {
    expect(atxHeading("# Title")).toEqual({ level: 1, text: "Title" });
    expect(atxHeading("   ###   Spaced out   ###   ")).toEqual({ level: 3, text: "Spaced out" });
    expect(atxHeading("## C# ##")).toEqual({ level: 2, text: "C#" });
    expect(atxHeading("# C#")).toEqual({ level: 1, text: "C#" });
    expect(atxHeading("#\tTab")).toEqual({ level: 1, text: "Tab" });
    expect(atxHeading("###")).toEqual({ level: 3, text: "" });
    expect(atxHeading("# #")).toEqual({ level: 1, text: "" });
    for (const not of ["#hashtag", "####### seven", "    # indented code", "Plain", ""]) expect(atxHeading(not), not).toBeUndefined();
  });

  it("finds the heading on the first non-blank line, and where the text after it starts", () => {
    expect(leadingHeading("\n  \n## Two  ##\ntext")).toEqual({ level: 2, text: "Two", end: 15 });
    expect(leadingHeading("# Only")).toEqual({ level: 1, text: "Only", end: 6 });
    expect(leadingHeading("Plain\n# Later")).toBeUndefined();
    expect(leadingHeading("\r\n# Windows\r\nmore")).toMatchObject({ text: "Windows" });
  });

  it("reads a heading line of spaces in linear time (`# a` + spaces + `x` took 14 s at 60,000)", () => {
    const started = cpuMark();
    for (const spaces of [60_000, 600_000]) {
      expect(atxHeading(`# a${" ".repeat(spaces)}x`)?.text.length).toBe(spaces + 2);
      expect(leadingHeading(`\n# a${" ".repeat(spaces)}x${" ".repeat(spaces)}${"#".repeat(spaces)}${" ".repeat(spaces)}\nrest`)?.text).toBe(`a${" ".repeat(spaces)}x`);
    }
    expect(cpuMsSince(started)).toBeLessThan(1_000);
  });

  it("takes the heading marks off every line for the reading view, in linear time on hostile text", () => {
    expect(withoutHeadingMarks("# Opening\nIt was #1.\n####### seven\n##\tTabbed\n#hashtag")).toBe("Opening\nIt was #1.\n####### seven\nTabbed\n#hashtag");
    const started = cpuMark();
    const marks = "#".repeat(600_000);
    const lines = "###### \n".repeat(600_000);
    expect(withoutHeadingMarks(marks)).toBe(marks);
    expect(withoutHeadingMarks(`${"# ".repeat(300_000)}x`)).toBe(`${"# ".repeat(299_999)}x`);
    expect(withoutHeadingMarks(lines)).toBe("\n".repeat(600_000));
    expect(cpuMsSince(started)).toBeLessThan(1_000);
  });
});
