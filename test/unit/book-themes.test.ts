import { unzipSync } from "fflate";
import { describe, expect, it, vi } from "vitest";
import { THEMES, type ThemeId } from "@/server/convert/engine/export-options";
import type { DocumentModel } from "@/server/convert/engine/model";
import { writeHere } from "@/server/convert/engine/run";
import { typstBook } from "@/server/convert/engine/writers/typst-book";
import { openingOf } from "@/server/convert/print-preview";
import { epubcheck, has } from "./convert-engine-support";
import { fonts, pageTexts, wordBoxes } from "./convert-pdf-support";

/**
 * Issue 37 item 5 (decision 0494): each theme, declared once in server/convert/engine/themes.ts,
 * reaches each writer that sets type: the PDF's embedded faces read back with pdffonts, the EPUB's
 * stylesheet (and epubcheck), the DOCX's styles. One export per theme per format, on a short book.
 */

vi.setConfig({ testTimeout: 120_000 });

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const unzipped = (bytes: Uint8Array) => Object.fromEntries(Object.entries(unzipSync(bytes)).map(([name, data]) => [name, text(data)]));

const english: DocumentModel = {
  title: "The Harbour",
  author: "Ann Writer",
  language: "en",
  paragraphIndent: "typographic",
  chapters: [
    { title: "Arrival", markdown: "The boat came in at dusk.\n\nShe stood on the quay and waited.\n\n***\n\nMorning found her there still." },
    { title: "Departure", markdown: "He left without a word." },
  ],
};
const chinese: DocumentModel = {
  title: "港湾",
  author: "作者",
  language: "zh-CN",
  paragraphIndent: "fullWidth",
  chapters: [{ title: "第一回 到港", markdown: "黄昏时分，船靠了岸。\n\n她站在码头上等着。\n\n***\n\n天亮时她还在那里。" }],
};

/** What each theme's PDF embeds, by the family names pdffonts prints (a subset prefix before them). */
const PDF_FACES: Record<ThemeId, { model: DocumentModel; faces: string[] }> = {
  classic: { model: english, faces: ["NotoSerif-Regular", "NotoSerif-Bold"] },
  modern: { model: english, faces: ["NotoSerif-Regular", "NotoSans-Regular"] },
  chinese: { model: chinese, faces: ["NotoSerifSC-Regular", "UKaiCN"] },
};

describe.runIf(has("pdffonts") && has("pdftotext"))("each theme in the print PDF", () => {
  for (const theme of THEMES) {
    it(`${theme}: its faces embedded, read back with pdffonts; every word there`, async () => {
      const { model, faces } = PDF_FACES[theme];
      const written = await writeHere({ ...model, theme }, "pdf");
      const used = fonts(written.bytes);
      for (const face of faces) expect(used.map((font) => font.name.replace(/^[A-Z]{6}\+/, "")), face).toContain(face);
      for (const font of used) expect(font, font.name).toMatchObject({ embedded: true });
      const printed = pageTexts(written.bytes).join("\n").replace(/\s+/g, "");
      expect(printed).toContain(theme === "chinese" ? "天亮时她还在那里。" : "Morningfoundherthere");
    });
  }

  it("the Chinese theme sets every paragraph two characters in whatever the book's indent says; classic keeps the book's", async () => {
    // The chapter opens on a recto, page 3: its inside margin is the left one.
    const firstWords = async (theme: ThemeId) => {
      const words = wordBoxes((await writeHere({ ...chinese, paragraphIndent: "none", theme }, "pdf")).bytes).filter((word) => word.page === 3);
      return ["黄昏时分，船靠了岸。", "她站在码头上等着。"].map((text) => words.find((word) => word.text.startsWith(text))!.xMin);
    };
    const [flush, flushToo] = await firstWords("classic");
    const [first, second] = await firstWords("chinese");
    expect(flushToo).toBeCloseTo(flush!, 0);
    // Two characters of 10.5 pt, the first paragraph after the heading too.
    expect(first! - flush!).toBeCloseTo(21, 0);
    expect(second! - flush!).toBeCloseTo(21, 0);
  });

  it("a modern book's titles are set left and its paragraphs in blocks; the Chinese theme indents every paragraph two characters whatever the book says", () => {
    const modern = typstBook({ ...english, theme: "modern" });
    expect(modern).toContain("align(left, text(font:");
    expect(modern).toContain("first-line-indent: 0pt");
    const setInChinese = typstBook({ ...english, paragraphIndent: "none", theme: "chinese" });
    expect(setInChinese).toContain("first-line-indent: (amount: 2em, all: true)");
    expect(setInChinese).toContain('"AR PL UKai CN"');
    // Classic is the book's own indent, as before themes.
    expect(typstBook({ ...english, theme: "classic" })).toContain("first-line-indent: (amount: 1.2em, all: false)");
    expect(typstBook({ ...english, theme: "classic" })).toBe(typstBook(english));
  });
});

describe("each theme in the EPUB's stylesheet", () => {
  // The stylesheet every EPUB had before themes: classic must write it unchanged.
  const BEFORE_THEMES = `p{text-indent:1.5em}h1+p,hr+p{text-indent:0}
body{font-family:serif;line-height:1.5;margin:0 5%}
h1{text-align:center;margin:3em 0 1.5em;page-break-before:always}
p{margin:0}
hr{border:0;margin:1.2em 0;text-align:center}`;

  const writeEpubNow = async (model: DocumentModel) => (await writeHere(model, "epub")).bytes;
  const css = async (theme: ThemeId, model = english) => unzipped(await writeEpubNow({ ...model, theme }))["OEBPS/style.css"]!;

  it("classic: the stylesheet before themes, byte for byte", async () => {
    expect((await css("classic")).startsWith(BEFORE_THEMES)).toBe(true);
    expect(await css("classic")).toBe(unzipped(await writeEpubNow(english))["OEBPS/style.css"]);
  });

  it("modern: sans-serif titles set left, block paragraphs, an asterism", async () => {
    const sheet = await css("modern");
    expect(sheet).toContain('h1{text-align:left;margin:3em 0 1.5em;page-break-before:always;font-family:"Noto Sans","Helvetica Neue",Arial,sans-serif;font-weight:normal');
    expect(sheet).toContain("p{text-indent:0}");
    expect(sheet).toMatch(/p\{margin:0 0 0\.\d+em\}/);
    expect(sheet).toContain('hr::after{content:"⁂"}');
  });

  it("chinese: 宋体 text, 楷体 titles, 首行缩进 on every paragraph; epubcheck passes each theme", async () => {
    const sheet = await css("chinese", chinese);
    expect(sheet).toContain("p{text-indent:2em}");
    expect(sheet).toMatch(/body\{font-family:"CJK Marks","Noto Serif CJK SC",[^}]*SimSun,serif;line-height:2\.025/);
    expect(sheet).toContain('font-family:"CJK Marks","Kaiti SC",STKaiti,KaiTi,"AR PL UKai CN",serif');
    for (const theme of THEMES) {
      const check = await epubcheck(await writeEpubNow({ ...(theme === "chinese" ? chinese : english), theme }));
      expect(check.ok, `${theme}: ${check.report}`).toBe(true);
    }
  });
});

describe("each theme in the DOCX's styles", () => {
  const styles = async (theme: ThemeId, model: DocumentModel) => unzipped((await writeHere({ ...model, theme }, "docx")).bytes);

  it("classic: Times New Roman and SimSun, bold centred titles, as before themes", async () => {
    const files = await styles("classic", english);
    expect(files["word/styles.xml"]).toContain('w:ascii="Times New Roman"');
    expect(files["word/styles.xml"]).toContain('w:eastAsia="SimSun"');
    expect(files["word/styles.xml"]).not.toContain("KaiTi");
    expect(files["word/document.xml"]).toContain('<w:jc w:val="center"/>');
  });

  it("modern: Arial titles set left, a gap after each paragraph", async () => {
    const files = await styles("modern", english);
    expect(files["word/styles.xml"]).toContain('w:ascii="Arial"');
    expect(files["word/styles.xml"]).toMatch(/w:after="1[0-9]{2}"/);
    expect(files["word/document.xml"]).toContain('<w:jc w:val="left"/>');
    expect(files["word/document.xml"]).not.toContain("w:firstLine=");
  });

  it("chinese: 宋体 text, 楷体 titles, two characters in on every paragraph (firstLineChars, decision 0491)", async () => {
    const files = await styles("chinese", { ...chinese, paragraphIndent: "none" });
    expect(files["word/styles.xml"]).toContain('w:eastAsia="SimSun"');
    expect(files["word/styles.xml"]).toContain('w:eastAsia="KaiTi"');
    expect(files["word/document.xml"]).toContain('w:firstLineChars="200"');
  });
});

describe("the preview's opening of the book", () => {
  it("keeps the front matter and the first chapters up to the characters asked, cut at a paragraph's end, and no back matter", () => {
    const long = "A paragraph of some length.\n\n".repeat(100);
    const model: DocumentModel = { ...english, chapters: [{ title: "One", markdown: long }, { title: "Two", markdown: long }], backMatter: [{ title: "About", markdown: "x" }] };
    const opening = openingOf(model, long.length + 100);
    expect(opening.chapters).toHaveLength(2);
    expect(opening.chapters[1]!.markdown.length).toBeLessThanOrEqual(100);
    expect(opening.chapters[1]!.markdown.endsWith("length.")).toBe(true);
    expect(opening.backMatter).toBeUndefined();
    expect(opening.title).toBe(english.title);
  });
});
