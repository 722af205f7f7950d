// @module-tag shared
// Issue 20 item 8: structure templates that say what they measure, and place the opening where it is.
import { describe, expect, it } from "vitest";
import { analyzeBook, BUILT_IN_TEMPLATES, type BookInput } from "@/server/analysis/engine";

const template = (slug: string) => BUILT_IN_TEMPLATES.find((t) => t.slug === slug)!;
const STRUCTURE = BUILT_IN_TEMPLATES.filter((t) => t.definition.sections.some((s) => s.probe === "structure"));

/**
 * Shaped like Pride and Prejudice: a short first chapter (852 of 122,000 words, 0.7 %) and 60
 * longer ones. A 1 % target for the opening fell in chapter 2.
 */
const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i % 50}`).join(" ") + ".";
const prideShaped: BookInput = {
  title: "Shaped like Pride and Prejudice",
  chapters: [
    { id: "ch-1", title: "Chapter 1", content: words(7) },
    ...Array.from({ length: 60 }, (_, i) => ({ id: `ch-${i + 2}`, title: `Chapter ${i + 2}`, content: words(16) })),
    { id: "ch-62", title: "Chapter 62", content: words(3) },
  ],
};

async function beatChapters(slug: string, book: BookInput) {
  const report = await analyzeBook(template(slug).definition, book);
  const section = report.sections.find((s) => s.probe === "structure")!;
  const chart = section.chart as { beats: { name: string; chapterId: string | null }[] };
  return chart.beats;
}

describe("structure templates place the opening in the opening chapter", () => {
  for (const slug of ["three-act-structure", "save-the-cat", "heros-journey", "seven-point-structure"]) {
    it(`${slug}: the first beat lands in chapter 1, however short it is`, async () => {
      const beats = await beatChapters(slug, prideShaped);
      expect(beats[0]!.chapterId).toBe("ch-1");
    });
  }

  it("a final image at 100 % lands in the last chapter, however short it is", async () => {
    const beats = await beatChapters("save-the-cat", prideShaped);
    expect(beats.at(-1)).toMatchObject({ name: "Final Image", chapterId: "ch-62" });
  });

  it("an empty first chapter does not hold the opening: the first chapter with words does", async () => {
    const book = { ...prideShaped, chapters: [{ id: "blank", title: "Dedication", content: "" }, ...prideShaped.chapters] };
    expect((await beatChapters("three-act-structure", book))[0]!.chapterId).toBe("ch-1");
  });
});

describe("templates say what they measure", () => {
  it("every template that places target positions says they are where each beat usually falls", () => {
    expect(STRUCTURE.map((t) => t.slug).sort()).toEqual(["heros-journey", "kishotenketsu", "save-the-cat", "seven-point-structure", "three-act-structure"]);
    for (const t of STRUCTURE) {
      expect(t.description, t.slug).toMatch(/usually falls?/);
      const section = t.definition.sections.find((s) => s.probe === "structure")!;
      expect(section.title, t.slug).toMatch(/where each usually falls/);
    }
  });

  it("the structure table labels its percentages as where a beat usually falls, not a target", async () => {
    const report = await analyzeBook(template("three-act-structure").definition, prideShaped);
    const columns = report.sections[0]!.table.columns.map((c) => c.label);
    expect(columns).toContain("Usually falls at");
    expect(columns).not.toContain("Target");
  });

  it("Dialogue balance promises no speakers", () => {
    const balance = template("dialogue-balance");
    expect(`${balance.name} ${balance.summary} ${balance.description}`).not.toMatch(/who (does the talking|speaks|talks)/i);
    expect(balance.description).toMatch(/not who says it/);
  });
});
