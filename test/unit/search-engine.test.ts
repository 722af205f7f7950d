// @module-tag shared
import { describe, expect, it } from "vitest";
import { applyReplace, planReplace, searchChapters } from "@/server/search/engine/book";
import { contextOf } from "@/server/search/engine/context";
import { findAll } from "@/server/search/engine/find";
import { compileSearch, type SearchSpec } from "@/server/search/engine/pattern";
import { inCaseOf } from "@/server/search/engine/preserve-case";
import { cpuMark, cpuMsSince } from "../support/cpu-time";
import { BUDGET_MS } from "../support/pathological";

const spec = (query: string, options: Partial<SearchSpec> = {}): SearchSpec => ({
  query,
  matchCase: false,
  wholeWord: false,
  regex: false,
  widthInsensitive: false,
  matchChineseScript: false,
  ...options,
});

function hits(text: string, s: SearchSpec): string[] {
  const found: string[] = [];
  findAll(text, compileSearch(s), ({ start, end }) => {
    found.push(`${start}:${text.slice(start, end)}`);
  });
  return found;
}

describe("search engine (issue 23 item 1)", () => {
  it("finds plain text, case-insensitive unless asked, in UTF-16 offsets", () => {
    expect(hits("Kathryn and KATHRYN, kathryn.", spec("kathryn"))).toEqual(["0:Kathryn", "12:KATHRYN", "21:kathryn"]);
    expect(hits("Kathryn and KATHRYN, kathryn.", spec("Kathryn", { matchCase: true }))).toEqual(["0:Kathryn"]);
    expect(hits("😀凯瑟琳", spec("凯瑟琳"))).toEqual(["2:凯瑟琳"]);
  });

  it("matches whole words without needing spaces around Chinese or Japanese", () => {
    expect(hits("我们的凯瑟琳走了。凯瑟琳！", spec("凯瑟琳", { wholeWord: true }))).toEqual(["3:凯瑟琳", "9:凯瑟琳"]);
    expect(hits("the cat's concatenated cat", spec("cat", { wholeWord: true }))).toEqual(["4:cat", "23:cat"]);
    expect(hits("猫cat猫", spec("cat", { wholeWord: true }))).toEqual(["1:cat"]);
    // A refused hit inside a word does not hide a whole word overlapping it.
    expect(hits("xa a a", spec("a a", { wholeWord: true }))).toEqual(["3:a a"]);
    // A combining accent belongs to its letter: "cafe" is not whole in "café" written e + U+0301.
    expect(hits("cafe\u0301", spec("cafe", { wholeWord: true }))).toEqual([]);
  });

  it("folds full-width and half-width forms together when asked, mapping hits back to the writer's text", () => {
    const text = "ＡＢＣ与ABC，ｶﾞｲﾄﾞ和ガイド";
    expect(hits(text, spec("abc"))).toEqual(["4:ABC"]);
    expect(hits(text, spec("abc", { widthInsensitive: true }))).toEqual(["0:ＡＢＣ", "4:ABC"]);
    expect(hits(text, spec("ガイド", { widthInsensitive: true }))).toEqual(["8:ｶﾞｲﾄﾞ", "14:ガイド"]);
    expect(hits(text, spec("ＡＢＣ", { widthInsensitive: true, regex: true }))).toEqual(["0:ＡＢＣ", "4:ABC"]);
    // A full-width parenthesis in a pattern stays a character to find, not a group.
    expect(hits("（注）与(注)", spec("（注）", { widthInsensitive: true, regex: true }))).toEqual(["0:（注）", "4:(注)"]);
  });

  it("runs regular expressions on RE2, refusing an invalid one with its position", () => {
    expect(hits("Chapter 12, chapter 3", spec("chapter (\\d+)", { regex: true }))).toEqual(["0:Chapter 12", "12:chapter 3"]);
    expect(() => compileSearch(spec("ab(c", { regex: true }))).toThrow(expect.objectContaining({ code: "invalid_pattern", details: expect.objectContaining({ position: 4 }) }));
    expect(() => compileSearch(spec("ab[", { regex: true }))).toThrow(expect.objectContaining({ code: "invalid_pattern" }));
    expect(() => compileSearch(spec("x(?=y)", { regex: true }))).toThrow(expect.objectContaining({ code: "invalid_pattern", details: expect.objectContaining({ position: 1 }) }));
    expect(() => compileSearch(spec(""))).toThrow(expect.objectContaining({ code: "validation_failed" }));
  });

  it("scans a runaway pattern in linear time (nested quantifiers on 200,000 characters)", () => {
    const text = `${"a".repeat(200_000)}!`;
    const started = cpuMark();
    expect(hits(text, spec("(a+)+$", { regex: true }))).toEqual([]);
    expect(hits(text, spec("(a|aa)*b", { regex: true }))).toEqual([]);
    // Backtracking would take longer than the universe; RE2 takes well under this generous bound.
    expect(cpuMsSince(started)).toBeLessThan(5_000);
  });

  it("gives the sentence around a hit", () => {
    const text = "It rained. Then Kathryn left the house, slowly! Nobody saw.";
    const start = text.indexOf("Kathryn");
    expect(contextOf(text, start, start + 7)).toEqual({ before: "Then ", match: "Kathryn", after: " left the house, slowly!" });
    const zh = "天黑了。“凯瑟琳走了。”他说。";
    const at = zh.indexOf("凯瑟琳");
    expect(contextOf(zh, at, at + 3)).toEqual({ before: "“", match: "凯瑟琳", after: "走了。”" });
    // a title's dot ends no sentence (issue 33 item 6: the snippet before "Bennet" was empty)
    const austen = "It rained. Then Mr. Bennet came in. Dr. Jones followed, and Mrs. Long.";
    const bennet = austen.indexOf("Bennet");
    expect(contextOf(austen, bennet, bennet + 6)).toEqual({ before: "Then Mr. ", match: "Bennet", after: " came in." });
    const jones = austen.indexOf("Jones");
    expect(contextOf(austen, jones, jones + 5)).toEqual({ before: "Dr. ", match: "Jones", after: " followed, and Mrs. Long." });
  });

  it("gives a hit's sentence in time bounded by its context, however many titles and dots surround it", () => {
    // Each dot looks back at most a title's length for the word it ends, and only within the context.
    const text = `${"Mrs.".repeat(50_000)}${"a".repeat(50_000)}.Bennet${"Dr.".repeat(50_000)}${"b".repeat(50_000)}.`;
    const start = text.indexOf("Bennet");
    const started = cpuMark();
    for (let i = 0; i < 2_000; i++) contextOf(text, start, start + 6);
    expect(cpuMsSince(started)).toBeLessThan(2_000);
    expect(contextOf(text, start, start + 6).match).toBe("Bennet");
  });

  it("preserves case as a word processor does", () => {
    expect(inCaseOf("KATHRYN", "Katherine")).toBe("KATHERINE");
    expect(inCaseOf("Kathryn", "katherine")).toBe("Katherine");
    expect(inCaseOf("kathryn", "Katherine")).toBe("katherine");
    expect(inCaseOf("McKay", "MacKay")).toBe("MacKay");
    expect(inCaseOf("凯瑟琳", "凯特")).toBe("凯特");
  });

  it("counts every hit, pages them in book order and plans and applies a replace with skips", () => {
    const chapters = [
      { title: "Kathryn", content: "Kathryn ran. KATHRYN!" },
      { title: "Two", content: "No one." },
      { title: "Three", content: "kathryn, again." },
    ];
    const result = searchChapters(chapters, spec("kathryn"), { offset: 1, limit: 2 });
    expect(result.total).toBe(4);
    expect(result.counts).toEqual([3, 0, 1]);
    expect(result.hits.map((h) => [h.chapter, h.field, h.start, h.match])).toEqual([
      [0, "content", 0, "Kathryn"],
      [0, "content", 13, "KATHRYN"],
    ]);

    const replace = { replacement: "Katherine", preserveCase: true, regex: false };
    const plan = planReplace(chapters, spec("kathryn"), replace, 100);
    expect(plan.total).toBe(4);
    expect(plan.chapters[0]!.hits.map((h) => [h.hitId, h.replacement])).toEqual([
      ["title:0", "Katherine"],
      ["content:0", "Katherine"],
      ["content:13", "KATHERINE"],
    ]);
    expect(() => planReplace(chapters, spec("kathryn"), replace, 3)).toThrow(expect.objectContaining({ code: "too_many_hits" }));

    const skipping = chapters.map((c, i) => ({ ...c, skip: i === 0 ? ["content:13"] : [] }));
    const applied = applyReplace(skipping, spec("kathryn"), replace, 4);
    expect(applied.map((c) => [c.title, c.content, c.replaced])).toEqual([
      ["Katherine", "Katherine ran. KATHRYN!", 2],
      ["Two", "No one.", 0],
      ["Three", "katherine, again.", 1],
    ]);
    // The preview's cap, on the hits that would change, skipped ones included (issue 30 item 7).
    expect(() => applyReplace(skipping, spec("kathryn"), replace, 3)).toThrow(expect.objectContaining({ code: "too_many_hits" }));
  });

  it("fills a regular expression's captures into the replacement", () => {
    const applied = applyReplace([{ title: "t", content: "Chapter 12 and chapter 3", skip: [] }], spec("chapter (\\d+)", { regex: true }), {
      replacement: "Part $1 ($&, $$)",
      preserveCase: false,
      regex: true,
    }, 2);
    expect(applied[0]!.content).toBe("Part 12 (Chapter 12, $) and Part 3 (chapter 3, $)");
  });
});

describe("简/繁 folding (issue 32 item 8, decision 0503)", () => {
  const text = "刘备字玄德。劉備字玄德。劉备，刘備。";

  it("finds 劉備 for 刘备 and 刘备 for 劉備, at the writer's own characters", () => {
    expect(hits(text, spec("刘备"))).toEqual(["0:刘备", "6:劉備", "12:劉备", "15:刘備"]);
    expect(hits(text, spec("劉備"))).toEqual(["0:刘备", "6:劉備", "12:劉备", "15:刘備"]);
    // a regular expression too, its Han characters folded in classes as well
    expect(hits(text, spec("[劉]備字", { regex: true }))).toEqual(["0:刘备字", "6:劉備字"]);
  });

  it("tells them apart when asked", () => {
    expect(hits(text, spec("劉備", { matchChineseScript: true }))).toEqual(["6:劉備"]);
    expect(hits(text, spec("刘备", { matchChineseScript: true, regex: true }))).toEqual(["0:刘备"]);
  });

  it("folds with width and case at once, and keeps offsets across characters outside the BMP", () => {
    expect(hits("𠀀後ＡＢ後ab", spec("后ab", { widthInsensitive: true }))).toEqual(["2:後ＡＢ", "5:後ab"]);
  });

  it("replaces the text as written: the hit's own characters, by the replacement as typed", () => {
    const [chapter] = applyReplace([{ title: "", content: "劉備曰：「吾乃刘备。」", skip: [] }], spec("刘备"), { replacement: "刘玄德", preserveCase: false, regex: false }, 10);
    expect(chapter).toMatchObject({ content: "刘玄德曰：「吾乃刘玄德。」" });
  });

  it("stays linear on a long 繁体 text", () => {
    const long = "劉備".repeat(200_000);
    const mark = cpuMark();
    expect(hits(long, spec("刘备")).length).toBe(200_000);
    expect(cpuMsSince(mark)).toBeLessThan(BUDGET_MS);
  });
});

