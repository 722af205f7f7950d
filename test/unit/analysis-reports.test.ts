// @module-tag shared
import { describe, expect, it } from "vitest";
import { analysisReportSchema, analyzeBook, type BookInput, type SectionResult, type View } from "@/server/analysis/engine";

// Issue 20 §2: the reports 拆书 and revision need. Every expected figure is counted by hand from
// the short texts written here; the comments show the counting. English counts words, Chinese
// counts Han characters (punctuation is not counted).

async function run(book: BookInput, probe: string, params: Record<string, unknown> = {}, view: View = "table", parameters = {}) {
  const report = await analyzeBook({ sections: [{ id: "s", title: "Section", probe: probe as never, view, params }] }, book, parameters);
  expect(analysisReportSchema.parse(report)).toEqual(report);
  return report.sections[0]!;
}
const column = (section: SectionResult, key: string) => section.table.rows.map((row) => row[key]);
const figure = (section: SectionResult, label: string) => section.summary.find((item) => item.label === label)?.value;
const book = (...chapters: string[][]): BookInput => ({
  title: "Fixture",
  chapters: chapters.map((paragraphs, index) => ({ id: `c${index + 1}`, title: `Chapter ${index + 1}`, content: paragraphs.join("\n\n") })),
});

describe("chapter openings and endings", () => {
  const english = book(
    // Sentences of 4, 13 and 4 words; it ends on a question, a short one.
    ["The house was dark.", "Anna lit a candle and waited for a long time by the window.", "Who was out there?"],
    // “Run, Anna, run!” (3) · Tom shouted. (2) · They ran. (2) · “Is it gone?” asked Anna. (5: the ? before a lower-case tag ends no sentence)
    ["“Run, Anna, run!” Tom shouted.", "They ran.", "“Is it gone?” asked Anna."],
    // 15 words, then 2 ending in an ellipsis.
    ["Morning came slowly over the green hills and the wide fields that lay beyond them.", "Nothing moved..."],
  );

  it("reads how each English chapter opens and ends, and the length of its last sentences", async () => {
    const section = await run(english, "chapter-ends", {}, "bar");
    expect(column(section, "ending")).toEqual(["question", "statement", "ellipsis"]);
    // Chapter 2's last paragraph is 3 of its 5 words in quotes; the others have no quotes.
    expect(column(section, "onDialogue")).toEqual(["", "yes", ""]);
    // At most 6 words: 4, 5 and 2.
    expect(column(section, "short")).toEqual(["yes", "yes", "yes"]);
    expect(column(section, "lastSentence")).toEqual([4, 5, 2]);
    // (4 + 13 + 4) / 3 = 7 · (2 + 2 + 5) / 3 = 3 · (15 + 2) / 2 = 8.5
    expect(column(section, "lastMean")).toEqual([7, 3, 8.5]);
    // 21 / 3 · 12 / 4 · 17 / 2
    expect(column(section, "chapterMean")).toEqual([7, 3, 8.5]);
    // Short sentences (4 words) read as action; 3 of 5 words quoted is dialogue; one 15-word sentence is narration.
    expect(column(section, "opensWith")).toEqual(["action", "dialogue", "narration"]);
    expect(column(section, "opening")).toEqual(["The house was dark.", "“Run, Anna, run!” Tom shouted.", english.chapters[2]!.content.split("\n\n")[0]]);
    expect(column(section, "closing")).toEqual(["Who was out there?", "“Is it gone?” asked Anna.", "Nothing moved..."]);
    expect(figure(section, "End on a question")).toBe(1);
    expect(figure(section, "End on an ellipsis")).toBe(1);
    expect(figure(section, "End on dialogue")).toBe(1);
    expect(figure(section, "End on a short sentence")).toBe(3);
    expect(figure(section, "Open on dialogue")).toBe(33.3);
    expect(section.chart).toMatchObject({ type: "bar", x: ["Chapter 1", "Chapter 2", "Chapter 3"], series: [{ name: "Last sentence", values: [4, 5, 2] }, {}, {}] });
  });

  it("reads Chinese endings: ？ and ！, 字 for length, a short line at 10 characters", async () => {
    const chinese = book(
      // 夜深了 (3) · 他推开门，走了出去 (8) · 门外站着谁 (5)
      ["夜深了。", "他推开门，走了出去。", "门外站着谁？"],
      // “快走吧，别回头！” (6) · 林风道 (3) · 众人大惊 (4)
      ["“快走吧，别回头！”林风道。", "众人大惊！"],
    );
    const section = await run(chinese, "chapter-ends", {}, "bar");
    expect(column(section, "ending")).toEqual(["question", "exclamation"]);
    expect(column(section, "lastSentence")).toEqual([5, 4]);
    // (3 + 8 + 5) / 3 = 5.3 · (6 + 3 + 4) / 3 = 4.3
    expect(column(section, "lastMean")).toEqual([5.3, 4.3]);
    expect(column(section, "short")).toEqual(["yes", "yes"]);
    // 6 of the paragraph's 9 characters in quotes.
    expect(column(section, "opensWith")).toEqual(["action", "dialogue"]);
    expect(figure(section, "Open on dialogue")).toBe(50);
    const strict = await run(chinese, "chapter-ends", { shortSentence: 4, lastSentences: 1 });
    expect(column(strict, "short")).toEqual(["", "yes"]);
    expect(column(strict, "lastMean")).toEqual([5, 4]);
  });
});

describe("pacing inside chapters", () => {
  it("reads each English paragraph as dialogue, action, introspection or narration, and finds talking heads", async () => {
    const english = book([
      // narration: one sentence of 18 words
      "The old house stood at the end of a long road that wound through the hills for miles.",
      // action: 6 words in 3 sentences
      "He ran. He jumped. He fell.",
      // introspection (wondered): 16 words
      "She wondered where the letter had gone and what it could mean for all of them.",
      // six lines of speech with at most a tag outside the quotes: 3 + 1 + 1 + 1 + 5 + 1 = 12 words
      "“Where?” said Anna.",
      "“There.”",
      "“Why?”",
      "“Because.”",
      "“Are you sure?” Tom asked.",
      "“Yes.”",
      // a beat: 1 word spoken of 15, one long sentence: narration
      "“Fine,” said Anna, and she picked up the lamp and walked out of the room.",
    ]);
    const section = await run(english, "pacing", { introspection: 15, stretches: 4 }, "heatmap");
    // 67 words: dialogue 9 spoken (13.4%: words inside the quotes, decision 0503), action 6 (9%),
    // introspection 16 (23.9%), narration 18 + 15 + the lines' 3 words of tags = 36 (53.7%)
    expect(section.table.rows[0]).toMatchObject({ paragraphs: 10, dialogue: 13.4, action: 9, introspection: 23.9, narration: 53.7 });
    expect(section.table.rows[0]).toMatchObject({ talkingHeads: 1, longestTalk: 6, introspectionStretches: 1, longestIntrospection: 16 });
    expect(figure(section, "Runs of talking heads")).toBe(1);
    // Quarters of 67 words, each paragraph where its first word falls: words 0 | 18, 24 | 40–46 | 51, 52.
    // The strip counts the words inside the quotes (decision 0503): the third quarter's lines are 7
    // of their 11 words spoken, the tags not; the fourth, “Yes.” and the beat's spoken word: 2 / 16.
    expect(section.chart).toEqual({ type: "heatmap", rows: ["Chapter 1"], columns: ["0–25%", "25–50%", "50–75%", "75–100%"], values: [[0, 0, 63.6, 12.5]] });
    // A run of five is not talking heads.
    const five = await run(english, "pacing", { talkingHeads: 7 });
    expect(five.table.rows[0]).toMatchObject({ talkingHeads: 0, longestTalk: 0 });
  });

  it("reads Chinese paragraphs the same way", async () => {
    const chinese = book([
      // narration: 17 characters in one sentence
      "这座老宅建在山脚下已经有三百多年了。",
      // action: 4 characters in 2 sentences
      "他跑。她追。",
      // introspection (心里): 8
      "她心里想着那封信。",
      // six bare lines: 4 + 1 + 2 + 2 + 7 + 2 = 18
      "“谁？”林风问。",
      "“我。”",
      "“为何？”",
      "“奉命。”",
      "“奉谁的命？”玄德曰。",
      "“丞相。”",
      // 1 spoken of 12, in 2 sentences of 6 on average: action
      "“好。”林风说罢，转身走进了屋里。",
    ]);
    const section = await run(chinese, "pacing", { introspection: 5 }, "bar");
    // 59 characters: dialogue 13 inside the quotes (22%, decision 0503), action 15 (25.4%), introspection
    // 8 (13.6%), narration 17 + the lines' tags (林风道…) = 23 (39%)
    expect(section.table.rows[0]).toMatchObject({ dialogue: 22, action: 25.4, introspection: 13.6, narration: 39, talkingHeads: 1, longestTalk: 6, introspectionStretches: 1 });
    expect(section.chart).toMatchObject({ type: "bar", series: [{ name: "Dialogue", values: [22] }, { name: "Action" }, { name: "Introspection" }, { name: "Narration" }] });
  });
});

describe("speakers and dialogue tags", () => {
  const english = book([
    "“I am glad,” said Elizabeth.",
    "Darcy replied coldly, “You should be.”",
    "“Lizzy!” cried her mother.",
    "“Indeed,” he said quietly.",
    "“Pray, sit down.”",
    "“Thank you,” Elizabeth said, “but I will stand.”",
    "Mr. Darcy smiled. “As you wish.”",
  ]);

  it("credits each English line to the speaker its tag names, and counts tag verbs and adverbs", async () => {
    const section = await run(english, "speakers", {}, "bar", { characters: ["Elizabeth|Lizzy", "Mr. Darcy|Darcy"] });
    // Elizabeth: lines 1 and 6, 3 + 6 words. Mr. Darcy: 3 by his tag, 1 by “he said” (of the last two
    // speakers, her mother and he, the one a man: Mr. is his title), and 3 by the beat beside
    // “As you wish.” (he smiles; no tag). “Lizzy!” has a tag without a speaker of the cast, so the
    // turn after “Indeed” would be hers: “Pray, sit down.” has no speaker. 20 words in all, 16 the characters'.
    expect(section.table.rows.map((row) => [row.speaker, row.kind, row.lines, row.words, row.share, row.ofCast])).toEqual([
      ["Elizabeth", "character", 2, 9, 45, 56.3],
      ["Mr. Darcy", "character", 3, 7, 35, 43.8],
      ["(no tag)", "untagged", 1, 3, 15, null],
      ["(unnamed)", "unnamed", 1, 1, 5, null],
    ]);
    expect(section.table.rows[0]).toMatchObject({ verbs: "said 2", adverbs: "" });
    expect(section.table.rows[1]).toMatchObject({ verbs: "replied 1, said 1", adverbs: "coldly 1, quietly 1" });
    // 5 of 7 lines tagged; 5 credited to a character; said 3 times; 2 of the 5 tags have an adverb.
    expect(figure(section, "Lines of speech")).toBe(7);
    expect(figure(section, "Lines with a tag")).toBe(71.4);
    expect(figure(section, "Lines credited to a character")).toBe(71.4);
    expect(figure(section, "Most words spoken")).toBe("Elizabeth (56.3% of the characters' speech)");
    expect(section.notes.join(" ")).toContain("by their tag 3, by whom their tag's he or she stands for 1, by a name beside the speech 1, by the turns of an exchange 0");
    expect(figure(section, "Commonest tag verb")).toBe("said 3");
    expect(figure(section, "Tags with an adverb")).toBe(40);
    const tags = await run(english, "speakers", { list: "tags" }, "table", { characters: ["Elizabeth|Lizzy", "Mr. Darcy|Darcy"] });
    expect(tags.table.rows.map((row) => [row.word, row.kind, row.uses, row.share])).toEqual([
      ["said", "verb", 3, 60],
      ["coldly", "adverb", 1, 20],
      ["cried", "verb", 1, 20],
      ["quietly", "adverb", 1, 20],
      ["replied", "verb", 1, 20],
    ]);
  });

  it("reads Chinese tags: 玄德曰, 孔明笑道, a tag after the quote, an adverb in 地", async () => {
    const chinese = book([
      "玄德曰：“先生何来？”",
      "孔明笑道：“特来相助。”",
      "“此计甚妙！”玄德大喜道。",
      "孔明冷冷地说：“未必。”",
      "“事不宜迟。”",
      "他问：“何时动身？”",
    ]);
    const section = await run(chinese, "speakers", {}, "bar", { characters: ["刘备|玄德", "诸葛亮|孔明"] });
    // 刘备: 先生何来 4 + 此计甚妙 4, and 事不宜迟 4, untagged, by the turns (刘备, 诸葛亮, 刘备, 诸葛亮, then 刘备);
    // 诸葛亮: 特来相助 4 + 未必 2; 他: 何时动身 4. 22 in all.
    expect(section.table.rows.map((row) => [row.speaker, row.lines, row.words, row.share])).toEqual([
      ["刘备", 3, 12, 54.5],
      ["诸葛亮", 2, 6, 27.3],
      ["他", 1, 4, 18.2],
    ]);
    expect(section.table.rows[0]).toMatchObject({ verbs: "大喜道 1, 曰 1" });
    expect(section.table.rows[1]).toMatchObject({ verbs: "笑道 1, 说 1", adverbs: "冷冷地 1" });
    // 5 of 6 lines tagged, 1 of the 5 with an adverb.
    expect(figure(section, "Lines with a tag")).toBe(83.3);
    expect(figure(section, "Tags with an adverb")).toBe(20);
  });

  it("falls back to the names found in the text, and says so", async () => {
    const found = book(["“Hello,” said Mara.", "“Hello,” said Mara.", "“Hello,” said Mara.", "Mara left."]);
    const section = await run(found, "speakers");
    expect(section.table.rows[0]).toMatchObject({ speaker: "Mara", lines: 3 });
    expect(section.notes.join(" ")).toMatch(/names found in the text/);
  });
});

describe("overused words and sentence starters", () => {
  it("counts English -ly adverbs, filter verbs, intensifiers and openings per 1,000 words, never a name", async () => {
    const english = book([
      "Emily walked slowly to the door. She saw that it was very dark. She felt really cold and just wanted to go home. Emily quietly opened it. She heard nothing.",
    ]);
    const section = await run(english, "overuse", {}, "bar", { characters: ["Emily"] });
    // 30 words (6 + 7 + 10 + 4 + 3). -ly: slowly, quietly (Emily is a name); filter: saw, felt, heard; intensifiers: very, really, just.
    const rows = section.table.rows.map((row) => [row.category, row.word, row.uses, row.per1000]);
    expect(rows).toEqual([
      ["-ly adverbs", "quietly", 1, 33.33],
      ["-ly adverbs", "slowly", 1, 33.33],
      ["filter verbs", "felt", 1, 33.33],
      ["filter verbs", "heard", 1, 33.33],
      ["filter verbs", "saw", 1, 33.33],
      ["intensifiers", "just", 1, 33.33],
      ["intensifiers", "really", 1, 33.33],
      ["intensifiers", "very", 1, 33.33],
      // Five sentences: Emily opens two (a name, left out), she three.
      ["sentence openings", "she", 3, 100],
    ]);
    // 2 / 30 · 3 / 30 · 3 / 30 per 1,000, against the published figures.
    expect(section.chart).toMatchObject({ type: "bar", x: ["-ly adverbs", "filter verbs", "intensifiers"], series: [{ name: "This book", values: [66.67, 100, 100] }, { name: "Published fiction" }] });
    const published = (section.chart as { series: { values: number[] }[] }).series[1]!.values;
    for (const value of published) expect(value).toBeGreaterThan(1);
    // each word against its own published rate
    const very = section.table.rows.find((row) => row.word === "very")!;
    expect(very.benchmark).toBeGreaterThan(0);
    expect(very.ratio).toBe(Math.round((33.33 / (very.benchmark as number)) * 100) / 100);
    expect(figure(section, "Commonest sentence opening")).toBe("she (60% of sentences)");
    expect(section.notes.join(" ")).toMatch(/Pride and Prejudice/);
  });

  it("counts Chinese 的/了/着 as words, filter verbs, intensifiers, stock phrases and openings per 1,000 characters", async () => {
    const chinese = book(["林风看到了她的脸。她非常美丽，他不由得倒吸一口凉气。林风觉得很紧张。"]);
    const section = await run(chinese, "overuse", {}, "bar", { characters: ["林风"] });
    // 30 characters (8 + 5 + 10 + 7). 了, 的 · 看到, 觉得 · 非常, 很 · 不由得, 倒吸一口凉气 · 她 opens the one sentence 林风 does not.
    expect(section.table.rows.map((row) => [row.category, row.word, row.uses])).toEqual([
      ["的/了/着", "了", 1],
      ["的/了/着", "的", 1],
      ["filter verbs", "看到", 1],
      ["filter verbs", "觉得", 1],
      ["intensifiers", "很", 1],
      ["intensifiers", "非常", 1],
      ["stock phrases", "不由得", 1],
      ["stock phrases", "倒吸一口凉气", 1],
      ["sentence openings", "她", 1],
    ]);
    expect(section.chart).toMatchObject({ x: ["的/了/着", "filter verbs", "intensifiers", "stock phrases"], series: [{ values: [66.67, 66.67, 66.67, 66.67] }, {}] });
    // 目的 and 了解 are words of their own, not 的 and 了.
    const words = await run(book(["他了解目的。"]), "overuse");
    expect(words.table.rows.filter((row) => row.category === "的/了/着")).toEqual([]);
  });
});

describe("keyword in context and term timelines", () => {
  it("lists every use of a term with its sentence, first and last use and the gaps", async () => {
    const english = book(
      // 7 + 4 = 11 words
      ["Anna found a ring in the grass. She put it away."],
      // 5 words; "bring" is not "ring"
      ["Nothing would bring her peace."],
      // 4 + 2 = 6 words; "Ring" at a sentence's start counts for "ring"
      ["The Ring was gone. Anna wept."],
    );
    const section = await run(english, "term-timeline", {}, "heatmap", { terms: ["ring", "sword"] });
    // Uses at word 0 and at word 11 + 5 = 16 of 22 (72.7%): a gap of 16.
    expect(section.table.rows).toEqual([
      { term: "ring", use: 1, chapter: "Chapter 1", at: 0, gap: null, context: "Anna found a [ring] in the grass." },
      { term: "ring", use: 2, chapter: "Chapter 3", at: 72.7, gap: 16, context: "The [Ring] was gone." },
    ]);
    expect(section.summary).toEqual([
      {
        label: "ring",
        value: "2 uses · first in Chapter 1 · last in Chapter 3 · longest gap 16 words",
        // what the value says, for a page to word it (decision 0514)
        valueWords: { key: "termUses", values: { uses: 2, first: "Chapter 1", last: "Chapter 3", gap: 16, unit: "en" } },
      },
      { label: "sword", value: "never found", valueWords: { key: "termNeverFound", values: {} } },
    ]);
    expect(section.chart).toEqual({ type: "heatmap", rows: ["ring", "sword"], columns: ["Chapter 1", "Chapter 2", "Chapter 3"], values: [[1, 0, 1], [0, 0, 0]] });
    expect(section.notes).toContain("“sword” is never found in these chapters.");
    expect(section.noteWords).toContainEqual({ key: "termNeverFound", values: { term: "sword" } });
  });

  it("traces a Chinese term, and says so when no term is given", async () => {
    // 他捡到一枚玉佩 (7) · 三年过去了 (5) · 玉佩碎了 (4): uses at 0 and 12 of 16.
    const chinese = book(["他捡到一枚玉佩。"], ["三年过去了。"], ["玉佩碎了。"]);
    const section = await run(chinese, "term-timeline", { maxUses: 1 }, "line", { terms: ["玉佩"] });
    expect(section.summary).toMatchObject([{ label: "玉佩", value: "2 uses · first in Chapter 1 · last in Chapter 3 · longest gap 12 characters (字)" }]);
    expect(section.table.rows).toEqual([{ term: "玉佩", use: 1, chapter: "Chapter 1", at: 0, gap: null, context: "他捡到一枚[玉佩]。" }]);
    expect(section.notes).toContain("“玉佩” is used 2 times; the first 1 are listed.");
    expect(section.chart).toMatchObject({ type: "line", series: [{ name: "玉佩", values: [1, 0, 1] }] });
    const none = await run(chinese, "term-timeline");
    expect(none.notes.join(" ")).toMatch(/give the words, names or objects to trace/);
  });
});

describe("emotion arc", () => {
  it("scores English chapters with AFINN-165, a negation turning a word round", async () => {
    // happy +3, good +3 in 8 words; not happy −3, terrible −3 in 8 words.
    const english = book(["I am happy. It is a good day."], ["I am not happy. The news is terrible."]);
    const section = await run(english, "emotion", {}, "line");
    expect(section.table.rows.map((row) => [row.positive, row.negative, row.score, row.per1000])).toEqual([
      [2, 0, 6, 750],
      [0, 2, -6, -750],
    ]);
    expect(figure(section, "Lexicon")).toBe("AFINN-165");
    expect(figure(section, "Book's lean")).toBe(0);
    expect(section.notes.join(" ")).toMatch(/lexicon measure/);
  });

  it("scores Chinese chapters with AFINN-zh on jieba's words", async () => {
    // 高兴 +3, 快乐 +2 in 9 characters; 不 高兴 −3, 可怕 −3 in 9.
    const chinese = book(["他很高兴。她也很快乐。"], ["他不高兴。这里很可怕。"]);
    const section = await run(chinese, "emotion", {}, "line");
    expect(section.table.rows.map((row) => [row.positive, row.negative, row.score, row.per1000])).toEqual([
      [2, 0, 5, 555.56],
      [0, 2, -6, -666.67],
    ]);
    // (5 − 6) / 18 characters
    expect(figure(section, "Book's lean")).toBe(-55.56);
    expect(figure(section, "Lexicon")).toMatch(/AFINN-zh/);
  });
});
