// @module-tag shared
import { describe, expect, it } from "vitest";
import { chineseSegmenter } from "@/server/text/segmenter";

describe("chineseSegmenter", () => {
  it("gives back the text exactly, punctuation, spaces and Latin words included", () => {
    const text = "云长大喜，赵云长子也。\n\n  Mr. Darcy said “好”😀 𠀀字";
    expect(chineseSegmenter([]).words(text).join("")).toBe(text);
    expect(chineseSegmenter([]).words("")).toEqual([]);
  });

  it("cuts real Chinese words, not the fragments of a character dictionary", () => {
    expect(chineseSegmenter([]).words("云长大喜")).toEqual(["云长", "大喜"]);
  });

  it("makes every taught name one word, even where the dictionary holds a longer fragment", () => {
    const words = chineseSegmenter(["玄德", "孔明", "云长", "赵云"]).words("玄德曰：孔明笑道，赵云长子也。");
    expect(words).toContain("玄德");
    expect(words).toContain("孔明");
    expect(words).toContain("赵云");
    expect(words).not.toContain("玄德曰");
    expect(words).not.toContain("孔明笑");
    expect(words).not.toContain("云长");
    expect(words.join("")).toBe("玄德曰：孔明笑道，赵云长子也。");
  });

  it("takes a taught name whole across the dictionary's words", () => {
    expect(chineseSegmenter([]).words("李傕郭汜")).not.toContain("李傕");
    expect(chineseSegmenter(["李傕", "郭汜"]).words("李傕郭汜")).toEqual(["李傕", "郭汜"]);
  });

  it("keeps a one-character name to the dictionary's call, and ignores Latin and blank words", () => {
    const segmenter = chineseSegmenter(["亮", "Darcy", " ", "诸葛亮"]);
    expect(segmenter.words("淑质贞亮")).not.toContain("亮");
    expect(segmenter.words("诸葛亮出师")).toEqual(["诸葛亮", "出师"]);
  });

  it("keeps one instance per word list, whatever the order or repeats", () => {
    expect(chineseSegmenter(["甲乙", "丙丁"])).toBe(chineseSegmenter(["丙丁", "甲乙", "甲乙"]));
  });
});
