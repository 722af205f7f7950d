// @module-tag shared
import { describe, expect, it } from "vitest";
import { analysisReportSchema, analyzeBook, type BookInput, type SectionResult, type View } from "@/server/analysis/engine";
import { quotedSpans } from "@/server/analysis/engine/dialogue";

/**
 * Issue 20 §1, "reading right": each block is one item, on a short text whose figures are counted
 * by hand in the comments. Every one of these failed before its fix.
 */
async function run(book: BookInput, probe: string, params: Record<string, unknown> = {}, view: View = "table", parameters = {}) {
  const report = await analyzeBook({ sections: [{ id: "s", title: "Section", probe: probe as never, view, params }] }, book, parameters);
  expect(analysisReportSchema.parse(report)).toEqual(report);
  return report.sections[0]!;
}
const column = (section: SectionResult, key: string) => section.table.rows.map((row) => row[key]);
const figure = (section: SectionResult, label: string) => section.summary.find((item) => item.label === label)?.value;
const book = (...chapters: string[]): BookInput => ({
  title: "Test",
  chapters: chapters.map((content, index) => ({ id: `c${index + 1}`, title: `Chapter ${index + 1}`, content })),
});

describe("1. straight single quotes are speech; apostrophes are not", () => {
  it("finds '…' quotations and never opens or closes one at an apostrophe", () => {
    expect(quotedSpans("'Who are you?' said the Caterpillar.")).toEqual(["Who are you?"]);
    expect(quotedSpans("Alice didn't know the Bennets' house.")).toEqual([]);
    expect(quotedSpans("'I don't know the Bennets' house,' she said.")).toEqual(["I don't know the Bennets' house,"]);
    expect(quotedSpans("‘I like the Bennets’ house,’ she said.")).toEqual(["I like the Bennets’ house,"]);
    expect(quotedSpans("'Tis true, said he; 'twas ever so.")).toEqual([]);
  });

  it("counts the words in them as dialogue", async () => {
    // 'Who are you?' said the Caterpillar. — 3 of 6 words.
    // Alice didn't know the Bennets' house, and said nothing. — 0 of 9.
    // 'I don't know the Bennets' house,' she said. — 6 of 8.
    const section = await run(
      book("'Who are you?' said the Caterpillar.\n\nAlice didn't know the Bennets' house, and said nothing.\n\n'I don't know the Bennets' house,' she said."),
      "dialogue",
    );
    expect(column(section, "words")).toEqual([23]);
    expect(column(section, "dialogueWords")).toEqual([9]);
    expect(column(section, "quotes")).toEqual([2]);
    expect(figure(section, "Dialogue")).toBe(39.1); // 9 / 23
  });
});

describe("2. a letter is not speech", () => {
  it("reports a quotation introduced as a letter, over several paragraphs, as a document apart from dialogue", async () => {
    // "He gave her … as follows:" 14 words; the letter's paragraphs 8 + 8 + 2 = 18 words; then
    // "Well," said she, "that is strange." — 4 words of speech in 6. 38 words in all.
    const letter = [
      "He gave her a letter. It was dated from Rosings, and was as follows:",
      '"Be not alarmed, Madam, on receiving this letter.',
      '"I write without any intention of paining you.',
      '"Fitzwilliam Darcy."',
      '"Well," said she, "that is strange."',
    ].join("\n\n");
    // Three paragraphs that each open a quotation and leave it open but the last: a document
    // without any introduction (4 words of narration, 3 + 4 + 2 in the note). A speech carried
    // over two paragraphs stays speech: 4 + 3 of 9 words, then 2.
    const note = ["She read it again.", '"My dear Lizzy,', '"Come home at once.', '"Your father."', '"I must go on," he said. "There is more.', '"And more."'].join("\n");
    const section = await run(book(letter, note), "dialogue");
    expect(column(section, "words")).toEqual([38, 24]);
    expect(column(section, "dialogueWords")).toEqual([4, 9]);
    expect(column(section, "quotes")).toEqual([2, 3]);
    expect(column(section, "documentWords")).toEqual([18, 9]);
    expect(column(section, "documents")).toEqual([1, 1]);
    expect(column(section, "dialogue")).toEqual([10.5, 37.5]); // 4 / 38, 9 / 24
    expect(figure(section, "Dialogue")).toBe(21); // 13 / 62
    expect(figure(section, "Letters and documents")).toBe(43.5); // 27 / 62
  });

  it("knows a Chinese letter by 书曰 and 信中写道", async () => {
    // 玄德拆书视之，书曰：“备闻将军威名。” 14 字, 6 in the letter; 玄德曰：“吾当往见之。” 8, 5 spoken;
    // 信中写道：“速归。” 6, 2 in the letter.
    const section = await run(book("玄德拆书视之，书曰：“备闻将军威名。”\n玄德曰：“吾当往见之。”\n信中写道：“速归。”"), "dialogue");
    expect(column(section, "words")).toEqual([28]);
    expect(column(section, "dialogueWords")).toEqual([5]);
    expect(column(section, "documentWords")).toEqual([8]);
    expect(figure(section, "Dialogue")).toBe(17.9);
  });
});

describe("3. titles are not characters", () => {
  it("never proposes Mr or Mrs; Mr. Darcy is Darcy and Elizabeth's is Elizabeth", async () => {
    // Capitalised inside a sentence: Darcy 1 + 2 + 1, Elizabeth 1 + 1 (+ Elizabeth's opening P3),
    // Bennet 2; Mr 3 and Mrs 2 are titles.
    const text = [
      "Mr. Darcy bowed to Elizabeth.",
      "Later, Mr. Darcy spoke to Mrs. Bennet, and Mrs. Bennet spoke to Mr. Darcy.",
      "Elizabeth's sister smiled at Darcy and at Elizabeth.",
    ].join("\n");
    const section = await run(book(text), "characters", { minMentions: 2 });
    expect(section.table.rows.map((row) => [row.name, row.mentions])).toEqual([
      ["Darcy", 4],
      ["Elizabeth", 3],
      ["Bennet", 2],
    ]);
    const given = await run(book(text), "characters", {}, "table", { characters: ["Mr. Darcy", "Elizabeth"] });
    expect(given.table.rows.map((row) => [row.name, row.mentions])).toEqual([
      ["Mr. Darcy", 4],
      ["Elizabeth", 3],
    ]);
  });

  it("drops Chinese titles, places, troops and verb phrases from the proposed cast", async () => {
    // In a name's place twice or more: 玄德 (说 ×2), 孔明 (笑, 对…, 说 ×2), 丞相 (说, 问, 笑),
    // 蜀兵 (走 ×2), 引兵 (回 ×2), 荆州 (向… ×2). Used: 玄德 4, 孔明 3.
    const text = [
      "玄德说：“引兵回荆州。”",
      "孔明笑道：“蜀兵走了。”",
      "丞相说：“蜀兵走了。”",
      "丞相问玄德：“引兵回荆州？”",
      "玄德对孔明说：“丞相笑了。”",
      "孔明说：“向荆州去。”",
      "玄德说：“向荆州去。”",
    ].join("\n");
    const section = await run(book(text), "characters", { minMentions: 2 });
    expect(section.table.rows.map((row) => [row.name, row.mentions])).toEqual([
      ["玄德", 4],
      ["孔明", 3],
    ]);
  });
});

describe("4. Chinese words come from jieba, taught the book's names", () => {
  // 云长 and 玄德 each stand before 说 twice, so both are proposed and taught.
  const text = ["云长大喜。", "玄德大喜。", "云长说：“玄德来了。”", "玄德说：“云长来了。”", "云长说：“好。”", "玄德说：“好。”", "云长大喜。"].join("\n");

  it("counts 云长 and 玄德 as words, and never 长大 out of 云长大喜", async () => {
    const section = await run(book(text), "frequency", { top: 50 });
    expect(section.table.rows.slice(0, 3).map((row) => [row.term, row.count])).toEqual([
      ["云长", 5],
      ["玄德", 4],
      ["大喜", 3],
    ]);
    expect(column(section, "term")).not.toContain("长大");
  });

  it("makes phrases of whole words", async () => {
    const section = await run(book(text), "frequency", { kind: "phrases", phraseLength: 2 });
    expect(section.table.rows.map((row) => [row.term, row.count])).toEqual([["云长大喜", 2]]);
  });

  it("is taught the names given in the run too", async () => {
    // jieba's own dictionary holds 玄德曰 as one word; taught 玄德, it cuts 玄德 / 曰.
    const section = await run(book("玄德曰：“可。”玄德曰：“善。”"), "frequency", { top: 50 }, "table", { characters: ["刘备｜玄德"] });
    expect(section.table.rows.map((row) => [row.term, row.count])).toEqual([["玄德", 2]]);
  });
});

describe("5. aliases match leftmost-longest in every probe that counts names", () => {
  const text = ["赵云长子也。", "淑质贞亮。", "亮曰：“玄德可也。”", "云长大喜。"].join("\n");
  const characters = ["关羽|云长", "赵云", "诸葛亮|亮", "刘备｜玄德", "貂蝉"];

  it("credits each mention to one character, reads ｜, and names the characters never found", async () => {
    const section = await run(book(text), "characters", {}, "table", { characters });
    expect(section.table.rows.map((row) => [row.name, row.mentions])).toEqual([
      ["关羽", 1],
      ["赵云", 1],
      ["诸葛亮", 1],
      ["刘备", 1],
      ["貂蝉", 0],
    ]);
    expect(section.notes).toContain("Never found in the text: 貂蝉.");
    const together = await run(book(text), "cooccurrence", {}, "table", { characters });
    expect(together.notes).toContain("Never found in the text: 貂蝉.");
    const range = await run(book(text, "貂蝉。"), "characters", { chapters: { to: 1 } }, "table", { characters });
    expect(range.notes).toContain("Never found in chapters 1–1: 貂蝉.");
  });
});

describe("6. hard-wrapped English keeps its paragraphs", () => {
  it("joins a wrapped paragraph's lines, even where a line ends in a closing quote", async () => {
    const wrapped = [
      '"I cannot believe it," said Elizabeth, turning to her sister with a',
      "look of real surprise. “Nor can I,” replied Jane, “but it is true.”",
      "She said no more about it to anyone in the house that evening or after.",
      "",
      "They walked on together in silence, each thinking about the letter that",
      "had come that morning from London, and what it might mean for them all.",
    ].join("\n");
    expect(column(await run(book(wrapped), "counts"), "paragraphs")).toEqual([2, 2]);
  });

  it("still ends a paragraph at a line that closes after Han text", async () => {
    const mixed = [
      "They walked on together in silence, each thinking about the letter that",
      "had come that morning from London, and what it might mean for them all,",
      "and neither of them said a word until they had reached the garden gate.",
      "",
      "他说：“好。”",
      "她笑了。",
    ].join("\n");
    expect(column(await run(book(mixed), "counts"), "paragraphs")).toEqual([3, 3]);
  });
});

describe("7. counts the way writers are counted", () => {
  it("counts a hyphenated compound as one word in counts and in frequency alike", async () => {
    const section = await run(book("The good-humoured man was good-humoured."), "frequency", { top: 1 });
    expect(section.table.rows[0]).toMatchObject({ term: "good-humoured", count: 2 });
    expect(column(await run(book("The good-humoured man was good-humoured."), "counts"), "words")).toEqual([5, 5]);
  });

  it("gives Chinese Han characters and 字数 with CJK punctuation, each labelled", async () => {
    // 林风走进了山门，看见师父正在院子里练剑。 18 字 + 2 marks; 师父说：“你来晚了。”林风低下头，没有说话。
    // 16 + 6; 林风说：“弟子知错。”师父笑了笑，对林风说：“去练剑吧。” 20 + 9.
    const text = ["林风走进了山门，看见师父正在院子里练剑。", "师父说：“你来晚了。”林风低下头，没有说话。", "林风说：“弟子知错。”师父笑了笑，对林风说：“去练剑吧。”"].join("\n");
    const section = await run(book(text, "山路很长。"), "counts");
    expect(column(section, "han")).toEqual([54, 4, 58]);
    expect(column(section, "characters")).toEqual([71, 5, 76]);
    expect(section.summary).toContainEqual({ label: "Han characters (汉字)", value: 58 });
    expect(section.summary).toContainEqual({ label: "字数 with punctuation", value: 76 });
    const english = await run(book("One two."), "counts");
    expect(figure(english, "Han characters (汉字)")).toBeUndefined();
  });
});
