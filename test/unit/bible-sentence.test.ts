// @module-tag shared
import { describe, expect, it } from "vitest";
import { sentenceAround } from "@/server/bible/sentence";

describe("the sentence around a bible mention", () => {
  it("runs back to the sentence before and on past its closing marks, titles not ending it", () => {
    const text = 'Rain fell. "Mr. Tomas came home," she said. The dog barked.';
    const start = text.indexOf("Tomas");
    expect(sentenceAround(text, start, start + 5)).toEqual({ sentence: '"Mr. Tomas came home," she said.', sentenceStart: text.indexOf('"Mr.') });
  });

  it("reads at most 200 characters past the mention, whatever follows: a million closing brackets", () => {
    const text = `Tomas${")".repeat(1_000_000)}`;
    const { sentence } = sentenceAround(text, 0, 5);
    expect(sentence.length).toBeLessThanOrEqual(5 + 200);
    const before = `${"(".repeat(1_000_000)}Tomas`;
    expect(sentenceAround(before, 1_000_000, 1_000_005).sentence.length).toBeLessThanOrEqual(200 + 5);
  });
});
