// @module-tag shared
import { describe, expect, it } from "vitest";
import { analysisReportSchema, analyzeBook, type BookInput, type SectionResult, type View } from "@/server/analysis/engine";
import { chineseBook, englishBook } from "../fixtures/analysis/books";

/**
 * Every expected figure below is counted by hand from test/fixtures/analysis/books.ts; the
 * comments show the counting. English: chapter 1 has 32 words (11 + 13 + 8 by paragraph), chapter
 * 2 has 17 (9 + 8), chapter 3 has 36 (5 + 31): 85 in all. Chinese counts each Han character:
 * chapter 1 has 54 (18 + 16 + 20), chapter 2 has 32 (28 + 4), chapter 3 has 17 (5 + 8 + 4): 103.
 */
async function run(book: BookInput, probe: string, params: Record<string, unknown> = {}, view: View = "table", parameters = {}) {
  const report = await analyzeBook({ sections: [{ id: "s", title: "Section", probe: probe as never, view, params }] }, book, parameters);
  expect(analysisReportSchema.parse(report)).toEqual(report);
  return report.sections[0]!;
}
const column = (section: SectionResult, key: string) => section.table.rows.map((row) => row[key]);
const figure = (section: SectionResult, label: string) => section.summary.find((item) => item.label === label)?.value;

describe("the report", () => {
  it("says the language and totals", async () => {
    const english = await analyzeBook({ sections: [{ id: "c", title: "C", probe: "counts", view: "table" }] }, englishBook);
    expect({ language: english.language, chapters: english.chapters, words: english.words, empty: english.empty }).toEqual({
      language: "en",
      chapters: 3,
      words: 85,
      empty: false,
    });
    const chinese = await analyzeBook({ sections: [{ id: "c", title: "C", probe: "counts", view: "table" }] }, chineseBook);
    expect({ language: chinese.language, words: chinese.words }).toEqual({ language: "zh", words: 103 });
    const mixed = await analyzeBook({ sections: [{ id: "c", title: "C", probe: "counts", view: "table" }] }, {
      title: "Both",
      chapters: [...englishBook.chapters, ...chineseBook.chapters],
    });
    // 103 Han characters of 188 words: between a tenth and nine tenths.
    expect({ language: mixed.language, words: mixed.words }).toEqual({ language: "mixed", words: 188 });
  });

  it("gives an empty, labelled report for a book with no chapters, and for chapters without text", async () => {
    const report = await analyzeBook({ sections: [{ id: "c", title: "C", probe: "counts", view: "bar" }] }, { title: "New", chapters: [] });
    expect(report).toEqual({
      language: "en",
      chapters: 0,
      words: 0,
      empty: true,
      sections: [
        { id: "c", title: "C", probe: "counts", view: "bar", summary: [], table: { columns: [], rows: [] }, chart: null, notes: ["This book has no chapters yet."], noteWords: [{ key: "noChapters", values: {} }] },
      ],
    });
    const blank = await analyzeBook({ sections: [{ id: "c", title: "C", probe: "dialogue", view: "line" }] }, {
      title: "Blank",
      chapters: [{ id: "1", title: "", content: "  \n\n* * *\n" }],
    });
    expect(blank.empty).toBe(true);
    expect(blank.sections[0]!.notes).toEqual(["This book's chapters have no text yet."]);
  });
});

describe("counts", () => {
  it("counts English words, sentences and paragraphs per chapter, Markdown and scene breaks stripped", async () => {
    const section = await run(englishBook, "counts", {}, "bar");
    expect(column(section, "words")).toEqual([32, 17, 36, 85]);
    // Sentences: 2 + 2 + 2 in chapter 1 ("Is anyone there?" she called. is one), 2 + 2, and 2 ("Mr." ends none).
    expect(column(section, "sentences")).toEqual([6, 4, 2, 12]);
    // The scene break "* * *" is no paragraph.
    expect(column(section, "paragraphs")).toEqual([3, 2, 1, 6]);
    expect(column(section, "wordsPerSentence")).toEqual([5.3, 4.3, 18, 7.1]);
    expect(figure(section, "Words")).toBe(85);
    expect(section.chart).toEqual({ type: "bar", x: ["The Mill", "The Letter", "Home"], series: [{ name: "Words", values: [32, 17, 36] }], yLabel: "words" });
  });

  it("counts Chinese characters as words (字数), and one paragraph per line where lines end a sentence", async () => {
    const section = await run(chineseBook, "counts");
    expect(column(section, "words")).toEqual([54, 32, 17, 103]);
    // 1 + 2 + 2, then 3 + 1, then 1 + 1 + 1: 。！？ end sentences, and a closing quote stays with its sentence.
    expect(column(section, "sentences")).toEqual([5, 4, 3, 12]);
    expect(column(section, "paragraphs")).toEqual([3, 2, 3, 8]);
    expect(section.summary[1]).toEqual({ label: "Words", value: 103, unit: "characters (字)" });
  });

  it("reads only the chapters in the section's range", async () => {
    const section = await run(chineseBook, "counts", { chapters: { to: 2 } });
    expect(column(section, "words")).toEqual([54, 32, 86]);
    const none = await run(chineseBook, "counts", { chapters: { from: 4 } });
    expect(none.notes).toEqual(["This book has no chapters in the range 4–end."]);
  });
});

describe("chapter-length rhythm", () => {
  it("gives the mean, standard deviation and outliers of English chapter lengths", async () => {
    // Lengths 32, 17, 36: mean 85 / 3 = 28.33; squared deviations 13.44 + 128.44 + 58.78 = 200.67,
    // / 3 = 66.89, square root 8.18. Chapter 2 is (17 − 28.33) / 8.18 = −1.39 deviations off.
    const section = await run(englishBook, "chapter-lengths", {}, "bar");
    expect(figure(section, "Mean length")).toBe(28.3);
    expect(figure(section, "Standard deviation")).toBe(8.2);
    expect(figure(section, "Variation (std dev / mean)")).toBe(28.9);
    expect(column(section, "z")).toEqual([0.45, -1.39, 0.94]);
    expect(column(section, "vsMean")).toEqual([12.9, -40, 27.1]);
    expect(column(section, "outlier")).toEqual(["", "", ""]);
    const strict = await run(englishBook, "chapter-lengths", { outlierZ: 1.2 });
    expect(column(strict, "outlier")).toEqual(["", "short", ""]);
    expect(strict.notes).toEqual(["The Letter is short: 17 against a mean of 28.3."]);
  });

  it("does the same for Chinese chapters in characters", async () => {
    // 54, 32, 17: mean 34.33; squared deviations 386.78 + 5.44 + 300.44 = 692.67, / 3 = 230.89, root 15.2.
    const section = await run(chineseBook, "chapter-lengths", { outlierZ: 1.25 });
    expect(figure(section, "Mean length")).toBe(34.3);
    expect(figure(section, "Standard deviation")).toBe(15.2);
    expect(column(section, "z")).toEqual([1.29, -0.15, -1.14]); // 19.67, −2.33 and −17.33 over 15.2
    expect(column(section, "outlier")).toEqual(["long", "", ""]);
  });
});

describe("dialogue", () => {
  it("measures English speech in straight, curly double and curly single quotes", async () => {
    // Chapter 1: "Is anyone there?" (3) and "Anna, come home," (3) of 32 words = 18.75%.
    // Chapter 2: “I know,” (2) and ‘Don’t worry,’ (2) of 17 = 23.5%; the ’ in Don’t closes nothing.
    const section = await run(englishBook, "dialogue", {}, "line");
    expect(column(section, "dialogueWords")).toEqual([6, 4, 0]);
    expect(column(section, "dialogue")).toEqual([18.8, 23.5, 0]);
    expect(column(section, "quotes")).toEqual([2, 2, 0]);
    expect(figure(section, "Dialogue")).toBe(11.8); // 10 / 85
    expect(section.chart).toMatchObject({ type: "line", series: [{ name: "Dialogue", values: [18.8, 23.5, 0] }] });
  });

  it("measures Chinese speech in “…”, 「…」 and 『…』", async () => {
    // Chapter 1: 你来晚了, 弟子知错, 去练剑吧 = 12 of 54. Chapter 2: 师兄，我们去哪里？ (7) and 去城里 (3) = 10
    // of 32. Chapter 3: 小心 = 2 of 17.
    const section = await run(chineseBook, "dialogue");
    expect(column(section, "dialogueWords")).toEqual([12, 10, 2]);
    expect(column(section, "dialogue")).toEqual([22.2, 31.3, 11.8]);
    expect(figure(section, "Dialogue")).toBe(23.3); // 24 / 103
    expect(figure(section, "Quotations")).toBe(6);
  });
});

describe("sentence length", () => {
  it("gives the English distribution, variety and share of very long sentences", async () => {
    // Lengths 6 5 | 2 11 | 3 5 ; 5 4 | 4 4 ; 5 31. Sorted: 2 3 4 4 4 5 5 5 5 6 11 31.
    // Mean 85 / 12 = 7.08, median 5, standard deviation √(676.9 / 12) = 7.51; one over 30 words.
    const section = await run(englishBook, "sentences", {}, "bar");
    expect(figure(section, "Sentences")).toBe(12);
    expect(figure(section, "Mean length")).toBe(7.1);
    expect(figure(section, "Median length")).toBe(5);
    expect(figure(section, "Variety (standard deviation)")).toBe(7.5);
    expect(figure(section, "Very long sentences")).toBe(8.3);
    expect(section.chart).toEqual({
      type: "bar",
      x: ["1–5", "6–10", "11–15", "16–20", "21–25", "26–30", "31–40", "41+"],
      series: [{ name: "Sentences", values: [9, 1, 1, 0, 0, 0, 1, 0] }],
      yLabel: "sentences by length in words",
    });
    expect(column(section, "longest")).toEqual([11, 5, 31]);
    expect(column(section, "long")).toEqual([0, 0, 50]);
    const stricter = await run(englishBook, "sentences", { longWords: 10 });
    expect(figure(stricter, "Very long sentences")).toBe(16.7); // 11 and 31
  });

  it("measures Chinese sentences in characters against the Chinese threshold", async () => {
    // 18 7 9 7 13 | 12 10 6 4 | 5 8 4: mean 103 / 12 = 8.58, median (7 + 8) / 2 = 7.5.
    const section = await run(chineseBook, "sentences", {}, "bar");
    expect(figure(section, "Mean length")).toBe(8.6);
    expect(figure(section, "Median length")).toBe(7.5);
    expect(section.chart).toMatchObject({ x: ["1–10", "11–20", "21–30", "31–40", "41–60", "61–80", "81+"], series: [{ values: [9, 3, 0, 0, 0, 0, 0] }] });
    expect(figure(section, "Very long sentences")).toBe(0);
    const stricter = await run(chineseBook, "sentences", { longCharacters: 12 });
    expect(figure(stricter, "Very long sentences")).toBe(16.7); // 18 and 13 of 12 sentences
    // The English threshold does not apply to Chinese sentences.
    expect(figure(await run(chineseBook, "sentences", { longWords: 5 }), "Very long sentences")).toBe(0);
  });
});

describe("readability", () => {
  const plain: BookInput = {
    title: "Plain",
    chapters: [
      { id: "a", title: "A", content: "The cat sat on the mat. The dog ran." },
      { id: "b", title: "B", content: "Beautiful elephants wander." },
    ],
  };

  it("scores English with Flesch Reading Ease, Flesch–Kincaid grade and ARI", async () => {
    // Chapter A: 9 one-syllable words, 2 sentences, 26 letters.
    //   FRE = 206.835 − 1.015 × 4.5 − 84.6 × 1 = 117.67; FK = 0.39 × 4.5 + 11.8 − 15.59 = −2.04;
    //   ARI = 4.71 × 26/9 + 0.5 × 4.5 − 21.43 = −5.57.
    // Chapter B: beau-ti-ful, el-e-phants, wan-der: 8 syllables in 3 words, 1 sentence, 25 letters.
    //   FRE = 206.835 − 3.045 − 84.6 × 8/3 = −21.81.
    // Book: 12 words, 3 sentences, 17 syllables: FRE = 206.835 − 4.06 − 84.6 × 17/12 = 82.93.
    const section = await run(plain, "readability", {}, "line");
    expect(section.table.rows[0]).toMatchObject({ readingEase: 117.7, grade: -2, ari: -5.6, charactersPerSentence: null });
    expect(section.table.rows[1]).toMatchObject({ readingEase: -21.8 });
    expect(figure(section, "Flesch Reading Ease")).toBe(82.9);
    expect(figure(section, "Characters per sentence")).toBeUndefined();
  });

  it("measures Chinese by characters per sentence and per clause", async () => {
    // Clauses cut at ，；：— chapter 1: 2 + 2 + 2 + 2 + 3 = 11, chapter 2: 2 + 3 + 2 + 1 = 8, chapter 3: 1 + 2 + 1 = 4.
    const section = await run(chineseBook, "readability");
    expect(column(section, "charactersPerSentence")).toEqual([10.8, 8, 5.7]);
    expect(column(section, "charactersPerClause")).toEqual([4.9, 4, 4.3]);
    expect(column(section, "readingEase")).toEqual([null, null, null]);
    expect(figure(section, "Characters per sentence")).toBe(8.6); // 103 / 12
    expect(figure(section, "Characters per clause")).toBe(4.5); // 103 / 23
    expect(figure(section, "Flesch Reading Ease")).toBeUndefined();
  });
});

describe("frequency", () => {
  it("ranks English content words, stop-words left out", async () => {
    // Anna 3 + 1 + 1, Ben 2 + 1 + 1, mill 3 (the link's text counts); "the", "said", "old" are stop-words.
    const section = await run(englishBook, "frequency", { top: 3 }, "bar");
    expect(section.table.rows).toEqual([
      { rank: 1, term: "anna", count: 5, per10k: 588.24, chapters: 3 },
      { rank: 2, term: "ben", count: 4, per10k: 470.59, chapters: 3 },
      { rank: 3, term: "mill", count: 3, per10k: 352.94, chapters: 1 },
    ]);
    const all = await run(englishBook, "frequency", { top: 1, includeStopWords: true });
    expect(all.table.rows[0]).toMatchObject({ term: "the", count: 11 });
  });

  it("ranks repeated phrases that neither begin nor end with a stop-word", async () => {
    const book: BookInput = { title: "Doors", chapters: [{ id: "1", title: "", content: "The red door opened. The red door closed. A red door." }] };
    const section = await run(book, "frequency", { kind: "phrases", phraseLength: 2 });
    expect(section.table.rows).toEqual([{ rank: 1, term: "red door", count: 3, per10k: 2727.27, chapters: 1 }]);
  });

  it("ranks Chinese words as jieba cuts them, taught the names the text proposes", async () => {
    // 林风 is proposed (see character presence) and taught, so it is one word: 4 + 2 + 2 uses. (Intl.Segmenter
    // cut it into 林 / 风, and ranked 师父 first.)
    const section = await run(chineseBook, "frequency", { top: 1 });
    expect(section.table.rows).toEqual([{ rank: 1, term: "林风", count: 8, per10k: 776.7, chapters: 3 }]);
  });
});

describe("echoes", () => {
  it("finds English words used again within the window", async () => {
    // Chapter 1's words: anna(0) … mill(5) … anna(13) … mill(17) … mill(20) … ben(25) … anna(27) … ben(31):
    // mill echoes twice (12 and 3 words on), anna twice (13, 14), ben once (6). Chapters 2 and 3 repeat no content word.
    const section = await run(englishBook, "echoes", {}, "bar");
    expect(figure(section, "Echoes")).toBe(5);
    expect(section.table.rows.map((row) => [row.term, row.echoes])).toEqual([["anna", 2], ["mill", 2], ["ben", 1]]);
    expect(section.chart).toMatchObject({ series: [{ values: [156.25, 0, 0] }] }); // 5 per 32 words
    const near = await run(englishBook, "echoes", { window: 10 });
    expect(near.table.rows.map((row) => [row.term, row.echoes])).toEqual([["ben", 1], ["mill", 1]]);
  });

  it("finds repeated phrases", async () => {
    const book: BookInput = { title: "Doors", chapters: [{ id: "1", title: "", content: "The red door opened. The red door closed." }] };
    const section = await run(book, "echoes", { n: 2, window: 10 });
    expect(section.table.rows).toEqual([{ rank: 1, term: "red door", echoes: 1, chapters: 1, first: "Chapter 1" }]);
  });

  it("finds Chinese words used again within the window", async () => {
    // 林风, a word once taught: 4 uses in chapter 1, 2 in chapter 2 and 2 in chapter 3 echo 3 + 1 + 1
    // times; 师父 3 uses in chapter 1 echo twice; 苏晴 twice in chapter 2, once.
    const section = await run(chineseBook, "echoes");
    expect(section.table.rows).toEqual([
      { rank: 1, term: "林风", echoes: 5, chapters: 3, first: "第一章 山门" },
      { rank: 2, term: "师父", echoes: 2, chapters: 1, first: "第一章 山门" },
      { rank: 3, term: "苏晴", echoes: 1, chapters: 1, first: "第二章 下山" },
    ]);
  });
});

describe("character presence", () => {
  it("proposes English names: capitalised inside a sentence, rarely lower-case", async () => {
    // Anna: 3 + 1 + 1 (once inside a sentence, after “I know,”); Ben: 2 + 1 + 1. Grey appears once,
    // Mr only at a sentence's start.
    const section = await run(englishBook, "characters", {}, "heatmap");
    expect(section.table.rows.map((row) => [row.name, row.source, row.mentions, row.chapters])).toEqual([
      ["Anna", "candidate", 5, 3],
      ["Ben", "candidate", 4, 3],
    ]);
    expect(section.chart).toEqual({ type: "heatmap", rows: ["Anna", "Ben"], columns: ["The Mill", "The Letter", "Home"], values: [[3, 1, 1], [2, 1, 1]] });
    expect(section.notes[0]).toMatch(/No characters were named/);
  });

  it("counts the names given in the run, all of a character's names under the first", async () => {
    const section = await run(englishBook, "characters", {}, "table", { characters: ["Anna", "Grey|Mr. Grey", "Ben|Benjamin"] });
    expect(section.table.rows.map((row) => [row.name, row.source, row.mentions, row.first])).toEqual([
      ["Anna", "given", 5, "The Mill"],
      ["Grey", "given", 1, "Home"], // "Mr. Grey" is one mention, not two
      ["Ben", "given", 4, "The Mill"],
    ]);
  });

  it("proposes Chinese names from 2–3 characters before 说/问/笑… or after 对/和…", async () => {
    // 林风 (走, 低, 说, 对…, 点) 4 + 2 + 2; 苏晴 (和…, 问) 0 + 2 + 1. 师父 (见…, 说, 笑) is a form of
    // address, never a name (issue 20 §1 item 3; it was proposed before).
    const section = await run(chineseBook, "characters", {}, "heatmap");
    expect(section.chart).toEqual({
      type: "heatmap",
      rows: ["林风", "苏晴"],
      columns: ["第一章 山门", "第二章 下山", "第三章 城中"],
      values: [[4, 2, 2], [0, 2, 1]],
    });
  });

  it("counts given Chinese names wherever they stand, and lists the other names found", async () => {
    const section = await run(chineseBook, "characters", {}, "table", { characters: ["苏晴"] });
    expect(section.table.rows).toEqual([{ name: "苏晴", source: "given", mentions: 3, chapters: 2, first: "第二章 下山", last: "第三章 城中" }]);
    expect(section.notes).toEqual(["Other names found in the text: 林风."]);
  });

  it("counts the chapters characters share", async () => {
    const english = await run(englishBook, "cooccurrence", {}, "heatmap", { characters: ["Anna", "Ben", "Grey"] });
    expect(english.chart).toEqual({ type: "heatmap", rows: ["Anna", "Ben", "Grey"], columns: ["Anna", "Ben", "Grey"], values: [[3, 3, 1], [3, 3, 1], [1, 1, 1]] });
    expect(english.table.rows[0]).toEqual({ first: "Anna", second: "Ben", chapters: 3 });
    const chinese = await run(chineseBook, "cooccurrence", {}, "heatmap");
    expect(chinese.chart).toMatchObject({ values: [[3, 2], [2, 2]] }); // 林风 and 苏晴 (师父 is a title)
  });
});

describe("structure map", () => {
  const beats = [
    { name: "Start", target: 0 },
    { name: "Turn", target: 37 },
    { name: "Middle", target: 50 },
    { name: "End", target: 100 },
  ];

  it("lays beats over English chapters by share of words, and says it places them, not finds them", async () => {
    // Chapter 1 spans 0–32/85 (37.6%), chapter 2 to 49/85 (57.6%), chapter 3 to the end.
    const section = await run(englishBook, "structure", { beats }, "beats");
    expect(section.notes).toEqual([expect.stringMatching(/^Each beat is placed where it usually falls, at a fixed share of the book's words/)]);
    expect(section.chart).toEqual({
      type: "beats",
      chapters: [
        { id: "en-1", title: "The Mill", start: 0, end: 0.3765, words: 32 },
        { id: "en-2", title: "The Letter", start: 0.3765, end: 0.5765, words: 17 },
        { id: "en-3", title: "Home", start: 0.5765, end: 1, words: 36 },
      ],
      beats: [
        { name: "Start", target: 0, chapterId: "en-1" },
        { name: "Turn", target: 0.37, chapterId: "en-1" },
        { name: "Middle", target: 0.5, chapterId: "en-2" },
        { name: "End", target: 1, chapterId: "en-3" },
      ],
    });
    expect(section.table.rows[2]).toEqual({
      beat: "Middle",
      target: 50,
      chapter: "2. The Letter",
      span: "37.6–57.6%",
      words: 17,
      dialogue: 23.5,
      sentenceLength: 4.3,
    });
  });

  it("lays beats over Chinese chapters by share of characters", async () => {
    // Chapter 1 spans 0–54/103 (52.4%), chapter 2 to 86/103 (83.5%).
    const section = await run(chineseBook, "structure", { beats: [{ name: "中", target: 50 }, { name: "转", target: 60 }, { name: "合", target: 90 }] }, "beats");
    expect(section.chart).toMatchObject({ beats: [{ chapterId: "zh-1" }, { chapterId: "zh-2" }, { chapterId: "zh-3" }] });
  });
});

describe("a book in both languages", () => {
  // The English chapters, then the Chinese ones: each script is measured by its own rules.
  const both: BookInput = { title: "Both", chapters: [...englishBook.chapters, ...chineseBook.chapters] };

  it("counts, measures dialogue and sentences per script", async () => {
    expect(column(await run(both, "counts"), "words")).toEqual([32, 17, 36, 54, 32, 17, 188]);
    expect(figure(await run(both, "dialogue"), "Dialogue")).toBe(18.1); // (10 + 24) / 188
    // English sentences over 30 words (one) and Chinese over 12 characters (18 and 13): 3 of 24.
    expect(figure(await run(both, "sentences", { longCharacters: 12 }), "Very long sentences")).toBe(12.5);
  });

  it("gives English and Chinese readability side by side", async () => {
    const english = await run(englishBook, "readability");
    const section = await run(both, "readability");
    expect(figure(section, "Flesch Reading Ease")).toBe(figure(english, "Flesch Reading Ease"));
    expect(figure(section, "Characters per sentence")).toBe(8.6);
    expect(section.chart).toBeNull(); // a table view
    expect(column(section, "charactersPerSentence")).toEqual([null, null, null, 10.8, 8, 5.7]);
  });

  it("follows English and Chinese names, and finds the words of both", async () => {
    const section = await run(both, "characters", {}, "heatmap", { characters: ["Anna", "林风"] });
    expect(section.chart).toMatchObject({ values: [[3, 1, 1, 0, 0, 0], [0, 0, 0, 4, 2, 2]] });
    const words = await run(both, "frequency", { top: 4 });
    expect(words.table.rows.map((row) => [row.term, row.count])).toEqual([["林风", 8], ["anna", 5], ["ben", 4], ["mill", 3]]);
    expect(figure(await run(both, "echoes"), "Echoes")).toBe(13); // 5 English; 8 Chinese (林风 5, 师父 2, 苏晴 1)
  });
});

