// @module-tag shared
import { describe, expect, it } from "vitest";
import { countsCharacters, newChapterTitle, untitledSceneTitle } from "@/server/books/language";

// Issue 17 item 5: what a book's language decides for new chapters and the count's unit.
describe("a book's language", () => {
  it("names an untitled new chapter as its writers do", () => {
    expect(newChapterTitle(2, "zh-Hans")).toBe("第2章");
    expect(newChapterTitle(12, "zh-Hant-TW")).toBe("第12章");
    expect(newChapterTitle(3, "ja")).toBe("第3章");
    expect(newChapterTitle(2, "fr-CA")).toBe("Chapitre 2");
    expect(newChapterTitle(2, "en")).toBe("Chapter 2");
    expect(newChapterTitle(2, "sw")).toBe("Chapter 2");
  });

  it("names an untitled scene in a document as its writers do, by its place in its chapter (decision 0516)", () => {
    expect(["zh-CN", "zh", "zh-Hans-HK"].map((language) => untitledSceneTitle(2, language))).toEqual(["第2场", "第2场", "第2场"]);
    expect(["zh-TW", "zh-Hant", "zh-hant-hk", "yue"].map((language) => untitledSceneTitle(3, language))).toEqual(["第3場", "第3場", "第3場", "第3場"]);
    expect(untitledSceneTitle(2, "fr")).toBe("Scène 2");
    expect(untitledSceneTitle(2, "en")).toBe("Scene 2");
    expect(untitledSceneTitle(2, "sw")).toBe("Scene 2");
  });

  it("counts Chinese and Japanese in characters, every other language in words", () => {
    expect(["zh", "zh-Hans", "ZH-hant", "ja-JP", "yue"].map(countsCharacters)).toEqual([true, true, true, true, true]);
    expect(["en", "en-GB", "ko", "fr", "zu"].map(countsCharacters)).toEqual([false, false, false, false, false]);
  });
});
