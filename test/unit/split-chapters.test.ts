// @module-tag shared
import { describe, expect, it } from "vitest";
import { AppError } from "@/server/errors";
import { DEFAULT_HEADING, headingPattern, MAX_PATTERN_NUMBERS, splitAtHeadings } from "@/server/convert/split-chapters";
import { cpuMark, cpuMsSince } from "../support/cpu-time";

const titles = (text: string, heading = DEFAULT_HEADING) => splitAtHeadings(text, heading, "Fallback").map((c) => c.title);

describe("splitting plain text into chapters", () => {
  it("splits at English and Chinese chapter headings, keeping each heading as the title", () => {
    const text = [
      "Chapter 1",
      "It began.",
      "CHAPTER TWELVE: The Storm",
      "Rain.",
      "Chapter XIV — Aftermath",
      "Quiet.",
      "第十二章 风暴",
      "雨下了一夜。",
      "第3回",
      "又一回。",
      "Epilogue",
      "The end.",
    ].join("\n");
    expect(titles(text)).toEqual(["Chapter 1", "CHAPTER TWELVE: The Storm", "Chapter XIV — Aftermath", "第十二章 风暴", "第3回", "Epilogue"]);
    expect(splitAtHeadings(text, DEFAULT_HEADING, "x")[3]).toEqual({ title: "第十二章 风暴", markdown: "雨下了一夜。" });
  });

  it("does not take prose that starts like a heading for one", () => {
    expect(titles("Chapter and verse of my life were lost.\nChapter 2\nMore.")).toEqual(["Front matter", "Chapter 2"]);
    const long = `Chapter 3 ${"and then it went on ".repeat(10)}`;
    expect(titles(`${long}\nrest`)).toEqual(["Fallback"]);
  });

  it("keeps the text before the first heading, and names a text without headings after the book", () => {
    expect(splitAtHeadings("A Title\nby Someone\n\nChapter 1\nText.", DEFAULT_HEADING, "Book")).toEqual([
      { title: "Front matter", markdown: "A Title\nby Someone" },
      { title: "Chapter 1", markdown: "Text." },
    ]);
    expect(splitAtHeadings("Only prose here.", DEFAULT_HEADING, "Book")).toEqual([{ title: "Book", markdown: "Only prose here." }]);
  });

  it("sees a heading through Markdown escaping and heading marks", () => {
    expect(titles("# Chapter 1\\.\nText.\n## Chapter 2\nMore.")).toEqual(["Chapter 1.", "Chapter 2"]);
  });

  it("takes a caller's template, with {n} for the number and * for the rest of the line", () => {
    const pattern = headingPattern("Part {n}*");
    expect(titles("Part 1: Spring\nA.\nPart Two\nB.\nParty 3\nC.", pattern)).toEqual(["Part 1: Spring", "Part Two"]);
    // Characters that mean something in a regular expression are plain text in a template.
    expect(titles("(1) Begin\nA.\n(2) Go on\nB.", headingPattern("({n})*"))).toEqual(["(1) Begin", "(2) Go on"]);
    expect(titles("x.y\nA.\nxzy\nB.", headingPattern("x.y"))).toEqual(["x.y"]);
  });

  it("refuses an empty or overlong template, or one with more {n} than numbering uses, with a 422 naming the field", () => {
    for (const bad of ["   ", "x".repeat(101), "{n}".repeat(MAX_PATTERN_NUMBERS + 1), "{n}".repeat(33)]) {
      try {
        headingPattern(bad);
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(AppError);
        expect((error as AppError).code).toBe("validation_failed");
        expect((error as AppError).details).toEqual([expect.objectContaining({ path: "chapterPattern" })]);
      }
    }
  });

  it("matches headings spaced with an ideographic space, by default and in a template", () => {
    expect(titles("第十二章\u3000风暴\n雨。")).toEqual(["第十二章\u3000风暴"]);
    expect(titles("Part\u3000Two\nA.", headingPattern("Part {n}"))).toEqual(["Part\u3000Two"]);
  });

  it("splits lines made to defeat a backtracking matcher in linear time (issue 16, item 1: 10 {n} on 82 bytes took 182 s)", () => {
    const line = `${"i".repeat(81)}!\n`;
    const started = cpuMark();
    splitAtHeadings(line.repeat(20_000), headingPattern("{n}".repeat(MAX_PATTERN_NUMBERS)), "Book");
    splitAtHeadings(`${"one two three ".repeat(8)}x\n`.repeat(20_000), headingPattern("{n}*{n}*{n}*{n}"), "Book");
    splitAtHeadings(line.repeat(20_000), DEFAULT_HEADING, "Book");
    expect(cpuMsSince(started)).toBeLessThan(3_000);
  });

  it("splits a long text quickly whatever the template", () => {
    // Heading-length lines of digits and numerals, where a backtracking pattern would hurt.
    const text = `${"1111iiii一二三四 ".repeat(7)}!\n`.repeat(50_000);
    const started = performance.now();
    splitAtHeadings(text, headingPattern("{n}{n}{n}{n}*"), "Book");
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
