// @module-tag postgres
// Issue 35 item 1 and issue 32 item 6: imports recognise parts (第一卷, Part One, Book I, Volume I)
// and a web novel's unnumbered chapters (楔子, 番外, 尾声, 完本感言…), on real texts and a small web novel.
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { readText } from "@/server/convert/engine/readers/text";
import { readHere } from "@/server/convert/engine/run";
import { importBook } from "@/server/convert/import-book";
import { importChapters } from "@/server/convert/import-chapters";
import { previewImport } from "@/server/convert/preview-import";
import { getContents } from "@/server/parts/get-contents";
import type { ContentsDto } from "@/server/parts/schemas";
import { newWriter } from "../support/principals";

const fixture = (name: string) => readFileSync(new URL(`../fixtures/${name}`, import.meta.url));
const novel = (name: string) => gunzipSync(fixture(`novels/${name}`)).toString("utf8");
const file = (name: string, text: string) => ({ name, bytes: new TextEncoder().encode(text) });

function shape(contents: ContentsDto): unknown[] {
  return contents.entries.map((entry) => (entry.type === "part" ? [entry.part.title, entry.chapters.map((c) => c.title)] : entry.chapter.title));
}

describe("importing parts and web-novel chapters", () => {
  it("reads a web novel's 楔子, 卷, 尾声, 番外 and 完本感言 as what they are, in Chinese, no word dropped", async () => {
    const model = readText(fixture("convert/zh/web-novel-parts.txt"));
    expect(model.chapters.map((c) => [c.title, c.part ?? null])).toEqual([
      ["", null],
      ["楔子", null],
      ["第一卷 入山", "第一卷 入山"],
      ["第一章 雪夜", "第一卷 入山"],
      ["第二章 拜师", "第一卷 入山"],
      ["第三章 归途", "第二卷 下山"],
      ["尾声", "第二卷 下山"],
      ["番外一 师父", "第二卷 下山"],
      ["番外二：小师妹", "第二卷 下山"],
      ["完本感言", "第二卷 下山"],
    ]);
    expect(model.chapters[2]!.markdown).toContain("本卷写少年入山学艺");
    expect(model.chapters[7]!.markdown).toContain("师父年轻时");

    const writer = await newWriter("web-novelist");
    const preview = await previewImport({ file: file("青云志.txt", fixture("convert/zh/web-novel-parts.txt").toString("utf8")) }, writer);
    expect(preview.chapters[0]).toMatchObject({ title: "作品相关", part: null });
    expect(preview.parts).toEqual([
      { title: "第一卷 入山", chapterCount: 3 },
      { title: "第二卷 下山", chapterCount: 5 },
    ]);
    const imported = await importBook({ file: file("青云志.txt", fixture("convert/zh/web-novel-parts.txt").toString("utf8")) }, writer);
    expect(imported.parts.map((p) => p.title)).toEqual(["第一卷 入山", "第二卷 下山"]);
    expect(shape(await getContents({ bookId: imported.book.id }, writer))).toEqual([
      "作品相关",
      "楔子",
      ["第一卷 入山", ["第一卷 入山", "第一章 雪夜", "第二章 拜师"]],
      ["第二卷 下山", ["第三章 归途", "尾声", "番外一 师父", "番外二：小师妹", "完本感言"]],
    ]);
  });

  it("makes parts of 卷 headings in 三国演义 and keeps its 20 回 whole", async () => {
    // The fixture's 回 with two 卷 headings and a 楔子 before them, as a web edition prints them.
    const lines = novel("sanguo-yanyi-1-20.txt.gz").split("\n");
    const eleventh = lines.findIndex((line) => line.startsWith("第11章"));
    const text = ["楔子", "　　滚滚长江东逝水。", "第一卷 黄巾之乱", ...lines.slice(0, eleventh), "第二卷 群雄逐鹿", ...lines.slice(eleventh)].join("\n");
    const model = readText(new TextEncoder().encode(text));
    expect(model.chapters).toHaveLength(21);
    expect(model.chapters[0]).toMatchObject({ title: "楔子" });
    expect(model.chapters[0]!.part).toBeUndefined();
    expect(model.chapters.slice(1, 11).every((c) => c.part === "第一卷 黄巾之乱")).toBe(true);
    expect(model.chapters.slice(11).every((c) => c.part === "第二卷 群雄逐鹿")).toBe(true);
    expect(model.chapters[1]!.title).toMatch(/^第1章 宴桃园豪杰三结义/);
    expect(model.chapters.map((c) => c.title)).not.toContain("第一卷 黄巾之乱");
  });

  it("makes parts of Volume headings in Pride and Prejudice, a hard-wrapped text", async () => {
    const text = novel("pride-and-prejudice.txt.gz")
      .replace(/^CHAPTER I\.$/m, "VOLUME I\n\n\nCHAPTER I.")
      .replace(/^CHAPTER XXIV\.$/m, "VOLUME II\n\n\nCHAPTER XXIV.");
    const model = readText(new TextEncoder().encode(text));
    const titles = model.chapters.map((c) => c.title);
    expect(titles.filter((t) => /^CHAPTER /.test(t))).toHaveLength(61);
    expect(titles).not.toContain("VOLUME I");
    const byPart = new Map<string | undefined, number>();
    for (const chapter of model.chapters) byPart.set(chapter.part, (byPart.get(chapter.part) ?? 0) + 1);
    expect(byPart.get("VOLUME I")).toBe(23);
    expect(byPart.get("VOLUME II")).toBe(61 - 23);
  });

  it("makes parts of Markdown's top headings that read as parts over chapters one level below", async () => {
    const markdown = "# Part One: Spring\n\nThe year turned.\n\n## Chapter 1\n\nRain.\n\n## Chapter 2\n\nSun.\n\n# Part Two: Autumn\n\n## Chapter 3\n\nLeaves.\n\n# Epilogue\n\nSnow.\n";
    const lone = "# Book I\n\n## Chapter 1\n\nOne.\n\n## Chapter 2\n\nTwo.\n";
    const model = await readHere(new TextEncoder().encode(markdown), "md");
    expect(model.chapters.map((c) => [c.title, c.part ?? null])).toEqual([
      ["Part One: Spring", "Part One: Spring"],
      ["Chapter 1", "Part One: Spring"],
      ["Chapter 2", "Part One: Spring"],
      ["Chapter 3", "Part Two: Autumn"],
      ["Epilogue", null],
    ]);
    // A lone top heading over chapters is the book's title, as before, unless it reads as a part.
    const single = await readHere(new TextEncoder().encode(lone), "md");
    expect(single.chapters.map((c) => [c.title, c.part ?? null])).toEqual([
      ["Chapter 1", "Book I"],
      ["Chapter 2", "Book I"],
    ]);
  });

  it("appends an import's parts after a book's own parts", async () => {
    const writer = await newWriter("appender");
    const first = await importBook({ file: file("one.txt", "Part One\n\nChapter 1\nA.\n\nChapter 2\nB.\n") }, writer);
    const more = await importChapters({ bookId: first.book.id, file: file("two.txt", "Part Two\n\nChapter 3\nC.\n") }, writer);
    expect(more.chapters).toEqual([expect.objectContaining({ title: "Chapter 3", position: 3, partId: more.parts[0]!.id })]);
    expect(shape(await getContents({ bookId: first.book.id }, writer))).toEqual([
      ["Part One", ["Chapter 1", "Chapter 2"]],
      ["Part Two", ["Chapter 3"]],
    ]);
  });
});
