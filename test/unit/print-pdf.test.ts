// @module-tag shared
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it, vi } from "vitest";
import type { TrimSize } from "@/server/convert/engine/export-options";
import type { DocumentModel } from "@/server/convert/engine/model";
import { coverDimensions, gutterFor } from "@/server/convert/engine/print";
import { readHere, writeHere } from "@/server/convert/engine/run";
import { coverTemplateTypst } from "@/server/convert/engine/writers/cover-template";
import { pdfxAvailable } from "@/server/convert/engine/writers/pdfx";
import { has, scratch } from "./convert-engine-support";
import { fonts, pageSizes, pageTexts, readable, wordBoxes } from "./convert-pdf-support";

/**
 * Issue 37 items 1 and 2 (decision 0490): the print PDF at the new trim sizes, its gutter growing
 * with the page count, chapters on a right-hand page only when asked, widows and orphans kept
 * off, the PDF/X variant's output intent; the cover template's measurements. Judged by poppler's
 * pdfinfo, pdffonts and pdftotext, as a printer's preflight would. The full novels at every trim
 * size are in bench/print.mjs; here, each point on the smallest book that proves it.
 */

vi.setConfig({ testTimeout: 120_000 });

const PT = 72;
const novel = async (file: string, title: string, chapters: number): Promise<DocumentModel> => {
  const read = await readHere(new Uint8Array(gunzipSync(readFileSync(new URL(`../fixtures/novels/${file}`, import.meta.url)))), "txt");
  return { ...read, title, author: "Author", chapters: read.chapters.slice(0, chapters) };
};
const pdf = async (model: DocumentModel, options: Parameters<typeof writeHere>[2] = {}) => writeHere(model, "pdf", options);

/** Every font embedded: a printer refuses a PDF that leaves one to its machine. */
function expectEmbedded(bytes: Uint8Array) {
  const used = fonts(bytes);
  expect(used.length).toBeGreaterThan(0);
  for (const font of used) expect(font, font.name).toMatchObject({ embedded: true });
}

const PROSE =
  "It was a truth universally acknowledged that a single man in possession of a good fortune must be in want of a wife. However little known the feelings or views of such a man may be on his first entering a neighbourhood, this truth is so well fixed in the minds of the surrounding families that he is considered the rightful property of some one or other of their daughters.";

describe.runIf(has("pdftotext") && has("pdffonts") && has("pdfinfo"))("the print PDF (issue 37 item 1)", () => {
  const sizes: [TrimSize, number, number][] = [
    ["5.25x8", 5.25 * PT, 8 * PT],
    ["140x203mm", (140 / 25.4) * PT, (203 / 25.4) * PT],
    ["185x260mm", (185 / 25.4) * PT, (260 / 25.4) * PT],
  ];

  for (const [file, title, head] of [
    ["pride-and-prejudice.txt.gz", "Pride and Prejudice", "PRIDE AND PREJUDICE"],
    ["sanguo-yanyi-1-20.txt.gz", "三国演义", "三国演义"],
  ] as const) {
    it(`sets ${title}'s first chapters at 5.25 × 8 in, 大32开 and 16开: the page, every font embedded, running heads, every word`, async () => {
      const model = await novel(file, title, 2);
      for (const [trim, width, height] of sizes) {
        const written = await pdf(model, { trimSize: trim });
        const pages = pageSizes(written.bytes);
        expect(pages.length, trim).toBe(written.pages);
        for (const page of pages) {
          expect(page.width, trim).toBeCloseTo(width, 0);
          expect(page.height, trim).toBeCloseTo(height, 0);
        }
        expectEmbedded(written.bytes);
        const texts = pageTexts(written.bytes);
        // The book's title heads a verso after chapter 1 opens.
        expect(texts.some((page) => page.trimStart().startsWith(head)), `${trim}: running head`).toBe(true);
        // The pages' text without their furniture: the running heads and the folios.
        const furniture = new Set([readable(head), ...model.chapters.map((c) => readable(c.title.toUpperCase())), ...model.chapters.map((c) => readable(c.title))]);
        const body = texts.map((page, index) => page.split("\n").filter((line, at) => !(at === 0 && index > 2 && furniture.has(readable(line))) && !/^\s*\d+\s*$/.test(line)).join("\n"));
        const printed = readable(body.join(""));
        for (const chapter of model.chapters) {
          // Every paragraph's words, in order (hyphenation aside: soft hyphens are not readable()).
          for (const paragraph of chapter.markdown.split(/\n\s*\n/).map((p) => readable(p.replace(/\\/g, "")))) {
            if (paragraph) expect(printed.replace(/-/g, ""), `${trim}: ${paragraph.slice(0, 40)}`).toContain(paragraph.replace(/-/g, ""));
          }
        }
      }
    });
  }

  /** Where a page's text starts on the left: the inside margin on a recto, the outside on a verso. */
  const leftEdge = (words: ReturnType<typeof wordBoxes>, page: number) => Math.min(...words.filter((w) => w.page === page && w.text.length > 2 && !/^\d+$/.test(w.text)).map((w) => w.xMin));

  it("grows the gutter with the page count as KDP's table says, typesetting again when the count crosses a band", async () => {
    expect([24, 150, 151, 300, 301, 500, 501, 700, 701, 828, 900].map(gutterFor)).toEqual([0.375, 0.375, 0.5, 0.5, 0.625, 0.625, 0.75, 0.75, 0.875, 0.875, 0.875]);
    // Chapters on right-hand pages: each of one line takes two pages, so many chapters make a long book fast.
    const book = (chapters: number): DocumentModel => ({
      title: "Margins",
      language: "en",
      chapters: [{ title: "First", markdown: Array.from({ length: 8 }, () => PROSE).join("\n\n") }, ...Array.from({ length: chapters }, (_, i) => ({ title: `Chapter ${i + 2}`, markdown: "A line." }))],
    });
    const short = await pdf(book(3), { trimSize: "6x9", rightHandChapters: true });
    const long = await pdf(book(80), { trimSize: "6x9", rightHandChapters: true });
    expect(short.pages).toBeLessThanOrEqual(150);
    expect(long.pages).toBeGreaterThan(150);
    expect(long.pages).toBeLessThanOrEqual(300);
    for (const [written, gutter] of [
      [short, 0.375],
      [long, 0.5],
    ] as const) {
      const words = wordBoxes(written.bytes);
      // Chapter 1 opens on page 3, a recto, and runs onto page 4, a verso: mirrored margins.
      expect(leftEdge(words, 3)).toBeCloseTo(gutter * PT, 0);
      expect(leftEdge(words, 4)).toBeCloseTo(0.55 * PT, 0);
    }
  });

  it("opens chapters on the next page, and on a right-hand page only when asked", async () => {
    const model: DocumentModel = { title: "Openings", language: "en", chapters: ["One", "Two", "Three"].map((title) => ({ title, markdown: "A short chapter." })) };
    const openings = (texts: string[]) => ["One", "Two", "Three"].map((title) => texts.findIndex((page) => page.trim().split("\n")[0] === title) + 1);
    expect(openings(pageTexts((await pdf(model)).bytes))).toEqual([3, 4, 5]);
    expect(openings(pageTexts((await pdf(model, { rightHandChapters: true })).bytes))).toEqual([3, 5, 7]);
  });

  it("keeps widows and orphans off: no page ends on a paragraph's first line or starts with its last", async () => {
    // Paragraphs of two to seven lines, so that page breaks fall at every place in one.
    const paragraphs = Array.from({ length: 60 }, (_, i) => PROSE.slice(0, 60 + ((i * 97) % 300)));
    const written = await pdf({ title: "Widows", language: "en", chapters: [{ title: "One", markdown: paragraphs.join("\n\n") }] }, { trimSize: "5x8" });
    const words = wordBoxes(written.bytes);
    const pages = [...new Set(words.map((w) => w.page))].filter((page) => page > 3);
    expect(pages.length).toBeGreaterThan(2);
    // A page's body lines (the running head and the folio aside), each with its left edge.
    // A page's body lines (the running head and the folio aside): whether each opens a paragraph (is indented).
    const indents = (page: number) => {
      const byLine = new Map<number, number>();
      for (const w of words.filter((w) => w.page === page)) byLine.set(Math.round(w.yMin), Math.min(byLine.get(Math.round(w.yMin)) ?? Infinity, w.xMin));
      const lefts = [...byLine.entries()].sort(([a], [b]) => a - b).slice(1, -1).map(([, x]) => x);
      const margin = Math.min(...lefts);
      return lefts.map((x) => x > margin + 5);
    };
    let breaksInParagraphs = 0;
    for (const page of pages.slice(0, -1)) {
      const here = indents(page);
      const next = indents(page + 1);
      if (!next[0]) breaksInParagraphs++;
      // An orphan: the page's last line opens a paragraph that the next page goes on with.
      expect(here.at(-1)! && !next[0], `orphan at the foot of page ${page}`).toBe(false);
      // A widow: the next page's first line ends a paragraph (the line after it opens another).
      expect(!next[0] && next[1], `widow at the head of page ${page + 1}`).toBe(false);
    }
    // Pages broke inside paragraphs, so the rule was put to the test.
    expect(breaksInParagraphs).toBeGreaterThan(0);
  });

  it.runIf(pdfxAvailable())("writes PDF/X-3 through Ghostscript: the output intent and version read back, fonts embedded, the text whole", async () => {
    const model = await novel("pride-and-prejudice.txt.gz", "Pride and Prejudice", 1);
    const written = await pdf(model, { trimSize: "5.25x8", pdfx: true });
    const raw = Buffer.from(written.bytes).toString("latin1");
    expect(raw.startsWith("%PDF-1.3")).toBe(true);
    expect(raw).toMatch(/\/GTS_PDFXVersion\s*\(PDF\/X-3:2002\)/);
    // The catalog names an output intent of the PDF/X kind, with a CMYK profile embedded.
    expect(raw).toMatch(/\/Type\s*\/Catalog[^]*?\/OutputIntents\s*\[\s*\d+ 0 R\s*\]/);
    const intent = /<<[^]*?\/S\s*\/GTS_PDFX[^]*?>>/.exec(raw)?.[0] ?? "";
    expect(intent).toMatch(/\/DestOutputProfile\s+\d+ 0 R/);
    expect(intent).toMatch(/\/OutputConditionIdentifier/);
    expect(raw).toMatch(/\/TrimBox\s*\[/);
    expectEmbedded(written.bytes);
    expect(pageSizes(written.bytes)[0]!.width).toBeCloseTo(5.25 * PT, 0);
    expect(readable(pageTexts(written.bytes).join(""))).toContain(readable(model.chapters[0]!.markdown.split("\n\n")[0]!));
  });

  it.runIf(pdfxAvailable() && has("pdfimages"))("keeps a picture at its full resolution through the PDF/X conversion", async () => {
    // A 300 × 200 picture shown an inch wide (300 ppi), made by Typst from raw pixels.
    const source = `#set page(width: 3in, height: 3in)\n#image(bytes(range(300 * 200 * 3).map(i => calc.rem(i, 251))), format: (encoding: "rgb8", width: 300, height: 200), width: 1in)`;
    const { typesetInChild } = await import("@/server/convert/engine/writers/typst-process");
    const { FONT_DIR } = await import("@/server/convert/engine/writers/pdf");
    const { pdf } = await typesetInChild({ source, pdfx: true }, FONT_DIR, { timeoutMs: 60_000 });
    const file = path.join(scratch(), "picture.pdf");
    writeFileSync(file, pdf);
    const listed = execFileSync("pdfimages", ["-list", file], { encoding: "utf8" }).split("\n").slice(2).filter((line) => line.trim());
    expect(listed).toHaveLength(1);
    const [, , , width, height] = listed[0]!.trim().split(/\s+/);
    expect([Number(width), Number(height)]).toEqual([300, 200]);
  });
});

describe("the cover template (issue 37 item 2)", () => {
  it("measures the spine by KDP's formula and the cover around it with 0.125 in of bleed", () => {
    expect(coverDimensions("6x9", "white", 300)).toEqual({ trimSize: "6x9", paper: "white", pageCount: 300, trimWidth: 6, trimHeight: 9, spineWidth: 0.6756, bleed: 0.125, coverWidth: 12.9256, coverHeight: 9.25, spineText: true });
    expect(coverDimensions("5x8", "cream", 200)).toMatchObject({ spineWidth: 0.5, coverWidth: 10.75, coverHeight: 8.25 });
    expect(coverDimensions("5.5x8.5", "colour", 100)).toMatchObject({ spineWidth: 0.2347, coverWidth: 11.4847 });
    expect(coverDimensions("140x203mm", "white", 60)).toMatchObject({ trimWidth: 5.5118, spineText: false });
  });

  it.runIf(has("pdftotext") && has("pdfinfo"))("draws a one-page guide the cover's size, with the back, spine, front, bleed and safe zones named and measured", async () => {
    const cover = coverDimensions("6x9", "cream", 330);
    const { writeCoverTemplate } = await import("@/server/convert/engine/writers/cover-template");
    const bytes = await writeCoverTemplate(cover, 'A "Title" #with [marks]', 60_000);
    expect(pageSizes(bytes)).toEqual([{ width: expect.closeTo(cover.coverWidth * PT, 0), height: expect.closeTo(cover.coverHeight * PT, 0) }]);
    const text = pageTexts(bytes).join(" ").replace(/\s+/g, " ");
    for (const words of ["BACK COVER", "FRONT COVER", "SPINE", "Bleed", "Safe zones", "Spine: 0.825 in (21.0 mm)", "13.075 in (332.1 mm) × 9.25 in (234.9 mm)", 'A "Title" #with [marks]']) expect(text).toContain(words);
    expect(coverTemplateTypst(coverDimensions("6x9", "white", 40), "T")).toContain("Spine text: none");
  });
});
