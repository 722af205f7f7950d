// @module-tag shared
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { unzipSync } from "fflate";
import { describe, expect, it, vi } from "vitest";
import { writeDocument } from "@/server/convert/engine";
import { markSceneBreaks } from "@/server/convert/engine/compile";
import type { DocumentModel } from "@/server/convert/engine/model";
import { roundedWordCount } from "@/server/convert/engine/writers/docx";
import { epubcheck, scratch } from "./convert-engine-support";

/** Issue 19 item 14: front matter, the scene break's mark, the manuscript's paper, the EPUB's cover and landmarks. */

vi.setConfig({ testTimeout: 180_000 });

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const unzipped = (bytes: Uint8Array) => Object.fromEntries(Object.entries(unzipSync(bytes)).map(([name, data]) => [name, text(data)]));
// A 1 × 1 PNG.
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

function pdfPages(bytes: Uint8Array): string[] {
  const file = path.join(scratch(), "book.pdf");
  writeFileSync(file, bytes);
  return execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" }).split("\f");
}

const book: DocumentModel = {
  title: "The Long Tide",
  author: "Ann Writer",
  language: "en",
  frontMatter: { copyright: "Copyright © 2026 Ann Writer\nAll rights reserved.\n\nFirst edition <2026> & *not* markup.", dedication: "For Maud,\nwho waited." },
  chapters: [
    { title: "One", markdown: "It began at the harbour.\n\n* * *\n\nThe tide came back." },
    { title: "Two", markdown: "Morning.\n\n***\n\nNight." },
  ],
};

describe("front matter: a copyright page and a dedication after the title page", () => {
  it("EPUB: each its own XHTML file in the spine between the title page and chapter 1; epubcheck passes", async () => {
    const written = await writeDocument(book, "epub");
    const files = unzipped(written.bytes);
    expect(files["OEBPS/copyright.xhtml"]).toContain('epub:type="copyright-page"');
    expect(files["OEBPS/copyright.xhtml"]).toContain("Copyright © 2026 Ann Writer<br/>All rights reserved.");
    expect(files["OEBPS/copyright.xhtml"]).toContain("First edition &lt;2026&gt; &amp; *not* markup.");
    expect(files["OEBPS/dedication.xhtml"]).toContain('epub:type="dedication"');
    expect(files["OEBPS/dedication.xhtml"]).toContain("For Maud,<br/>who waited.");
    const spine = [...files["OEBPS/content.opf"]!.matchAll(/<itemref idref="([^"]+)"/g)].map((m) => m[1]);
    expect(spine.slice(0, 4)).toEqual(["title", "copyright", "dedication", "nav"]);
    expect(spine.indexOf("dedication")).toBeLessThan(spine.indexOf("chapter-1"));
    const check = await epubcheck(written.bytes);
    expect(check.ok, check.report).toBe(true);
  });

  it("DOCX: after the title page, each opening a page; a manuscript leaves them out", async () => {
    const xml = unzipped((await writeDocument(book, "docx")).bytes)["word/document.xml"]!;
    const at = (needle: string) => xml.indexOf(needle);
    expect(at("The Long Tide")).toBeGreaterThan(-1);
    expect(at("The Long Tide")).toBeLessThan(at("Copyright © 2026"));
    expect(at("Copyright © 2026")).toBeLessThan(at("For Maud,"));
    expect(at("For Maud,")).toBeLessThan(at(">One<"));
    const dedication = xml.slice(xml.lastIndexOf("<w:p>", at("For Maud,")), at("For Maud,"));
    expect(dedication).toContain("<w:pageBreakBefore/>");
    expect(dedication).toContain('w:val="Dedication"');
    const manuscript = unzipped((await writeDocument(book, "docx", { manuscript: { author: "Ann Writer", surname: "Writer" } })).bytes)["word/document.xml"]!;
    expect(manuscript).not.toContain("Copyright © 2026");
    expect(manuscript).not.toContain("For Maud");
  });

  it("PDF: the copyright on the title page's verso, the dedication on the next recto, chapter 1 on a recto after", async () => {
    const pages = pdfPages((await writeDocument(book, "pdf")).bytes);
    expect(pages[0]).toContain("The Long Tide");
    expect(pages[1]).toContain("Copyright © 2026 Ann Writer");
    expect(pages[1]).toContain("First edition <2026> & *not* markup.");
    expect(pages[2]).toContain("For Maud,");
    expect(pages[3]!.trim()).toBe(""); // the blank verso: no running head, no folio
    expect(pages[4]).toContain("One");
  });

  it("HTML, plain text, Markdown and pandoc's formats: after the title, before the first chapter", async () => {
    for (const format of ["html", "txt", "md", "rst", "odt"]) {
      const bytes = (await writeDocument(book, format)).bytes;
      const written = format === "odt" ? unzipped(bytes)["content.xml"]! : text(bytes);
      const copyright = written.indexOf("All rights reserved.");
      expect(copyright, format).toBeGreaterThan(-1);
      expect(copyright, format).toBeLessThan(written.indexOf("For Maud"));
      expect(written.indexOf("For Maud"), format).toBeLessThan(written.indexOf("It began"));
    }
    const markdown = text((await writeDocument(book, "md")).bytes);
    // Escaped: the writer's text is never read as markup, and it stands before the first heading.
    expect(markdown).toContain("First edition \\<2026\\> & \\*not\\* markup.");
    expect(markdown.indexOf("For Maud")).toBeLessThan(markdown.indexOf("# One"));
  });

  it("is smartened with the prose when smart punctuation is asked for", async () => {
    const quoted: DocumentModel = { ...book, frontMatter: { dedication: `For "Maud" -- always` } };
    expect(text((await writeDocument(quoted, "txt", { smartPunctuation: true })).bytes)).toContain("For “Maud” – always");
  });
});

describe("the scene break prints as the mark asked for, in every writer", () => {
  it("keeps each writer's own mark unless asked", async () => {
    expect(text((await writeDocument(book, "txt")).bytes)).toContain("\n\n* * *\n\n");
    expect(text((await writeDocument(book, "html")).bytes)).toContain('hr::after{content:"* * *"}');
  });

  it("asterism, hash and a blank line in HTML, EPUB, plain text, DOCX, PDF and pandoc's formats", async () => {
    const html = text((await writeDocument(book, "html", { sceneBreak: "asterism" })).bytes);
    expect(html).toContain('hr::after{content:"⁂"}');
    expect(html).not.toContain('content:"* * *"');
    const epub = unzipped((await writeDocument(book, "epub", { sceneBreak: "hash" })).bytes);
    expect(epub["OEBPS/style.css"]).toContain('hr::after{content:"#"}');
    expect(epub["OEBPS/chapter-1.xhtml"]).toContain("<hr/>");
    expect(text((await writeDocument(book, "txt", { sceneBreak: "asterism" })).bytes)).toMatch(/harbour\.\n\n⁂\n\nThe tide/);
    expect(text((await writeDocument(book, "txt", { sceneBreak: "blank" })).bytes)).toMatch(/harbour\.\n\n\n\nThe tide/);
    const docx = unzipped((await writeDocument(book, "docx", { sceneBreak: "asterism" })).bytes)["word/document.xml"]!;
    expect(docx.match(/⁂/g)).toHaveLength(2);
    expect(docx).not.toContain("* * *");
    // A manuscript's own mark is "#", replaced when another is asked for.
    const manuscript = { author: "Ann Writer", surname: "Writer" };
    expect(unzipped((await writeDocument(book, "docx", { manuscript })).bytes)["word/document.xml"]).toMatch(/>#</);
    expect(unzipped((await writeDocument(book, "docx", { manuscript, sceneBreak: "stars" })).bytes)["word/document.xml"]).not.toMatch(/>#</);
    const pdf = pdfPages((await writeDocument(book, "pdf", { sceneBreak: "asterism" })).bytes).join("\n");
    expect(pdf.match(/⁂/g)).toHaveLength(2);
    expect(pdf).not.toMatch(/\*\s+\*/);
    const odt = unzipped((await writeDocument(book, "odt", { sceneBreak: "asterism" })).bytes)["content.xml"]!;
    expect(odt.match(/⁂/g)).toHaveLength(2);
    const rst = text((await writeDocument(book, "rst", { sceneBreak: "hash" })).bytes);
    expect(rst).toMatch(/harbour\.\n\n\\?#\n\nThe tide/);
  });

  it("Markdown keeps the model's own thematic break, which every reader reads back as a scene break", async () => {
    expect(text((await writeDocument(book, "md", { sceneBreak: "asterism" })).bytes)).toContain("\n\n* * *\n\n");
  });

  it("marks only thematic breaks, not a setext underline or a fenced rule", () => {
    expect(markSceneBreaks("A\n\n***\n\nB", "⁂")).toBe("A\n\n⁂\n\nB");
    expect(markSceneBreaks("Heading\n---\n\nB", "⁂")).toBe("Heading\n---\n\nB");
    expect(markSceneBreaks("```\n***\n```", "⁂")).toBe("```\n***\n```");
    expect(markSceneBreaks("A\n\n* * *\n\nB", "* * *")).toBe("A\n\n\\* \\* \\*\n\nB");
    expect(markSceneBreaks("A\n\n_ _ _\n\nB", "")).toBe("A\n\n\u00a0\n\nB");
  });
});

describe("Standard Manuscript Format: paper and cover page", () => {
  const manuscript = { author: "Ann Writer", surname: "Writer", contact: "ann@example.com" };

  it("is US Letter unless A4 is asked for, the word count against the right margin of either", async () => {
    const letter = unzipped((await writeDocument(book, "docx", { manuscript })).bytes)["word/document.xml"]!;
    expect(letter).toMatch(/<w:pgSz w:w="12240" w:h="15840"/);
    expect(letter).toContain('w:pos="9360"');
    const a4 = unzipped((await writeDocument(book, "docx", { manuscript: { ...manuscript, paper: "a4" } })).bytes)["word/document.xml"]!;
    expect(a4).toMatch(/<w:pgSz w:w="11906" w:h="16838"/);
    expect(a4).toContain('w:pos="9026"');
  });

  it("has a cover page: name, contact and word count, the title; the text opens on the next page", async () => {
    const xml = unzipped((await writeDocument(book, "docx", { manuscript })).bytes)["word/document.xml"]!;
    const cover = xml.slice(0, xml.indexOf(">One<"));
    for (const line of ["Ann Writer", "ann@example.com", "about 100 words", "The Long Tide", "by Ann Writer"]) expect(cover).toContain(line);
    const chapter = xml.slice(xml.lastIndexOf("<w:p>", xml.indexOf(">One<")), xml.indexOf(">One<"));
    expect(chapter).toContain("<w:pageBreakBefore/>");
    expect(xml).toContain("<w:titlePg/>"); // no running head on the cover page
  });

  it("rounds the word count as agents expect: a novel to the nearest 1,000, shorter fiction to the nearest 100", () => {
    expect(roundedWordCount(12)).toBe("about 100 words");
    expect(roundedWordCount(7_449)).toBe("about 7,400 words");
    expect(roundedWordCount(39_960)).toBe("about 40,000 words");
    expect(roundedWordCount(87_612)).toBe("about 88,000 words");
    expect(roundedWordCount(123_456)).toBe("about 123,000 words");
  });
});

describe("EPUB cover and landmarks", () => {
  it("has landmarks for the title page, the contents and the start of the text", async () => {
    const nav = unzipped((await writeDocument(book, "epub")).bytes)["OEBPS/nav.xhtml"]!;
    expect(nav).toContain('<nav epub:type="landmarks"');
    expect(nav).toContain('<a epub:type="titlepage" href="title.xhtml">');
    expect(nav).toContain('<a epub:type="toc" href="nav.xhtml#toc">');
    expect(nav).toContain('<a epub:type="bodymatter" href="chapter-1.xhtml">');
    expect(nav).not.toContain('epub:type="cover"');
  });

  it("with a cover: the image marked cover-image, a cover page first in the spine, a cover landmark; epubcheck passes", async () => {
    const written = await writeDocument({ ...book, cover: { mediaType: "image/png", base64: PNG } }, "epub");
    const files = unzipSync(written.bytes);
    expect(Buffer.from(files["OEBPS/cover.png"]!).toString("base64")).toBe(PNG);
    const opf = text(files["OEBPS/content.opf"]!);
    expect(opf).toContain('<item id="cover-image" href="cover.png" media-type="image/png" properties="cover-image"/>');
    expect([...opf.matchAll(/<itemref idref="([^"]+)"/g)][0]![1]).toBe("cover");
    expect(text(files["OEBPS/cover.xhtml"]!)).toContain('<img src="cover.png" alt="The Long Tide"/>');
    expect(text(files["OEBPS/nav.xhtml"]!)).toContain('<a epub:type="cover" href="cover.xhtml">');
    const check = await epubcheck(written.bytes);
    expect(check.ok, check.report).toBe(true);
  });
});
