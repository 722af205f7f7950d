import { describe, expect, it } from "vitest";
import { countWords } from "@/server/text/word-count";

describe("countWords", () => {
  it("counts English words, ignoring punctuation and Markdown marks", () => {
    expect(countWords("Hello, world! It's a *test*.")).toBe(5);
    expect(countWords("## Chapter One\n\n- don't stop-me now")).toBe(6);
  });

  it("counts each Chinese character, as 字数 does", () => {
    expect(countWords("我们今天去公园散步。")).toBe(9);
  });

  it("counts Japanese kanji and kana per character", () => {
    expect(countWords("雪が降った。")).toBe(5);
  });

  it("counts mixed English and CJK text", () => {
    expect(countWords("He said 你好 to me")).toBe(6);
  });

  it("counts Korean by words, which are written with spaces", () => {
    expect(countWords("안녕하세요 세계")).toBe(2);
  });

  it("counts nothing in empty or blank text", () => {
    expect(countWords("")).toBe(0);
    expect(countWords("  \n\n — … ")).toBe(0);
  });
});
