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

describe("countWords on long chapters", () => {
  const unsplit = (text: string) =>
    [...new Intl.Segmenter(undefined, { granularity: "word" }).segment(text)].filter((s) => s.isWordLike).length;

  it("counts a long English chapter exactly as one pass of the segmenter would", () => {
    const text = "She said, \"Don't go out tonight,\" and the snow kept falling on the old road.\n\n".repeat(400);
    expect(countWords(text)).toBe(unsplit(text));
    expect(countWords(text)).toBe(400 * 15);
  });

  it("counts long CJK text without spaces by character", () => {
    expect(countWords("我们今天去公园散步，天气很好。".repeat(300))).toBe(13 * 300);
  });

  it("never cuts a piece inside a word, whatever punctuation sits in it", () => {
    for (let shift = 0; shift < 300; shift += 7) {
      const text = `${"a ".repeat(shift)}${"don't e.g. rock'n'roll U.S.A. ".repeat(60)}`;
      expect(countWords(text), `shifted by ${shift}`).toBe(unsplit(text));
    }
  });

  it("cuts a run with no break at all without losing more than the cut", () => {
    const url = "x".repeat(1500);
    expect(countWords(`${url} end`)).toBeGreaterThanOrEqual(2);
    expect(countWords(`${"𠀀".repeat(700)}`)).toBe(700); // Han beyond the BMP: surrogate pairs stay whole
  });
});
