// @module-tag shared
import { describe, expect, it } from "vitest";
import { countWords } from "@/server/text/word-count";

describe("countWords", () => {
  it("counts English words, ignoring punctuation and Markdown marks", () => {
    expect(countWords("Hello, world! It's a *test*.")).toBe(5);
    expect(countWords("## Chapter One\n\n- don't stop now")).toBe(5);
  });

  it("counts a hyphenated compound as one word, as Word does, and dashes as breaks", () => {
    expect(countWords("a well-known, state-of-the-art COVID-19 test")).toBe(5);
    expect(countWords("non\u2011breaking and hy\u2010phen")).toBe(3);
    expect(countWords("He was—she thought—tired -- so - very")).toBe(7);
    expect(countWords("-dash- at the edges-")).toBe(4);
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

describe("countWords against the Unicode segmenter", () => {
  // The rule countWords replaced: one pass of Intl.Segmenter, CJK characters counted one each.
  const segmenter = new Intl.Segmenter(undefined, { granularity: "word" });
  const byCharacter = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu;
  // Plus the one rule beyond UAX #29: a hyphen between two letters or digits (not CJK or Hangul) joins.
  const joinable = /^[^\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\P{L}]|^\p{Nd}/u;
  const segmented = (text: string) => {
    let count = 0;
    const segments = [...segmenter.segment(text)];
    segments.forEach(({ segment, isWordLike }, index) => {
      if (!isWordLike || /^\p{Pc}+$/u.test(segment)) return; // underscores alone are no word
      const characters = segment.match(byCharacter)?.length ?? 0;
      count += characters === 0 ? 1 : characters + (/[\p{L}\p{N}]/u.test(segment.replace(byCharacter, "")) ? 1 : 0);
      const before = segments[index - 2];
      if (segments[index - 1]?.segment === "-" && before?.isWordLike && joinable.test([...before.segment].at(-1)!) && joinable.test(segment)) count--;
    });
    return count;
  };

  const pieces = [
    "word", "Don't", "e.g.", "U.S.A.", "rock'n'roll", "don’t", "3.14", "1,000", "10:30", "a:b", "snake_case", "__bold__",
    "well-known", "—", "…", " ", "\n\n", ", ", ". ", "'", "\"", "“quoted”", "「引用」", "『书名』", "我们", "今天，", "天气很好。",
    "雪が降った", "カタカナ", "안녕하세요", "세계", "ภาษาไทย", "café", "e\u0301", "naïve", "Ⅻ", "²", "👍", "👩‍💻", "#", "## ",
    "*emph*", "> quote", "- item", "1. item", "٣٤", "ＡＢ", "１２", "𠀀", "𝒜", "a\u00adb", "x", "7", "_", ".", ",", ";", ":",
  ];

  it("gives the segmenter's counts on random prose, Markdown and mixed scripts", () => {
    let seed = 7;
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    for (let round = 0; round < 3000; round++) {
      let text = "";
      for (let k = random(12) + 1; k > 0; k--) text += pieces[random(pieces.length)];
      expect(countWords(text), JSON.stringify(text)).toBe(segmented(text));
    }
  });

  it("counts the kana prolonged sound mark as a character, as Japanese writers do", () => {
    expect(countWords("コーヒー")).toBe(4);
  });
});
