// Issue 35 items 1 and 5: a book's parts in its exports — a part-title page before each part's
// chapters in EPUB (a level above them in the navigation; epubcheck), DOCX (Heading 1 over the
// chapters' Heading 2, a page of its own; LibreOffice reads it) and PDF (Typst, a page of its own).
import { unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import type { Principal } from "@/server/auth/principal";
import { createBook } from "@/server/books/create-book";
import { uploadChapter } from "@/server/chapters/upload-chapter";
import { readHere } from "@/server/convert/engine/run";
import { exportBook } from "@/server/convert/export-book";
import { createPart } from "@/server/parts/create-part";
import { getContents } from "@/server/parts/get-contents";
import { reorderContents } from "@/server/parts/reorder-contents";
import { newWriter } from "../support/principals";
import { epubcheck, has, libreOfficeToPdf, pdfText } from "./convert-engine-support";
import { pageTexts } from "./convert-pdf-support";

const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const squeeze = (text: string) => text.replace(/\s+/g, "");

describe("parts in exports", () => {
  let writer: Principal;
  let bookId: string;
  beforeAll(async () => {
    writer = await newWriter("exporter");
    const book = await createBook({ title: "青云志", type: "novel", description: "", language: "zh", status: "drafting", targetWordCount: null }, writer);
    bookId = book.id;
    const ids: string[] = [];
    const chapters: [string, string][] = [
      ["楔子", "那一年，青云山下起了大雪。"],
      ["第一章 雪夜", "雪下了一夜。"],
      ["第二章 拜师", "山门前站着一个老人。"],
      ["第三章 归途", "十年后，他下山了。"],
      ["后记", "谢谢大家。"],
    ];
    for (const [title, content] of chapters) {
      ids.push((await uploadChapter({ bookId, title, content }, writer)).id);
    }
    const first = await createPart({ bookId, title: "第一卷 入山" }, writer);
    const second = await createPart({ bookId, title: "第二卷 下山" }, writer);
    const { orderVersion } = await getContents({ bookId }, writer);
    await reorderContents(
      { bookId, orderVersion, entries: [{ chapterId: ids[0]! }, { partId: first.id, chapterIds: [ids[1]!, ids[2]!] }, { partId: second.id, chapterIds: [ids[3]!] }, { chapterId: ids[4]! }] },
      writer,
    );
  });

  it("EPUB: a part page before its chapters, the part a level above them in the navigation, and epubcheck passes", async () => {
    const epub = (await exportBook({ bookId, format: "epub" }, writer)).file!;
    const files = unzipSync(epub.bytes);
    const part1 = decode(files["OEBPS/part-1.xhtml"]!);
    expect(part1).toContain('<section class="part" epub:type="part" role="doc-part">');
    expect(part1).toContain("<h1>第一卷 入山</h1>");
    const opf = decode(files["OEBPS/content.opf"]!);
    const spine = [...opf.slice(opf.indexOf("<spine")).matchAll(/idref="([^"]+)"/g)].map((m) => m[1]).filter((id) => id!.startsWith("chapter") || id!.startsWith("part"));
    expect(spine).toEqual(["chapter-1", "part-1", "chapter-2", "chapter-3", "part-2", "chapter-4", "chapter-5"]);
    const nav = decode(files["OEBPS/nav.xhtml"]!);
    const toc = nav.slice(nav.indexOf('<nav epub:type="toc"'), nav.indexOf("</nav>"));
    expect(toc.replace(/\n/g, "")).toContain(
      '<li><a href="chapter-1.xhtml">楔子</a></li>' +
        '<li><a href="part-1.xhtml">第一卷 入山</a><ol><li><a href="chapter-2.xhtml">第一章 雪夜</a></li><li><a href="chapter-3.xhtml">第二章 拜师</a></li></ol></li>' +
        '<li><a href="part-2.xhtml">第二卷 下山</a><ol><li><a href="chapter-4.xhtml">第三章 归途</a></li></ol></li>' +
        '<li><a href="chapter-5.xhtml">后记</a></li>',
    );
    if (has("java")) {
      const verdict = await epubcheck(epub.bytes);
      expect(verdict.ok, verdict.report).toBe(true);
    }
    // Read back, the parts come back as parts (a reader cannot tell where the last part ends: the 后记 joins it).
    const back = await readHere(epub.bytes, "epub");
    expect(back.chapters.map((c) => [c.title, c.part ?? null])).toEqual([
      ["楔子", null],
      ["第一章 雪夜", "第一卷 入山"],
      ["第二章 拜师", "第一卷 入山"],
      ["第三章 归途", "第二卷 下山"],
      ["后记", "第二卷 下山"],
    ]);
  }, 240_000);

  it("DOCX: each part is a Heading 1 on a page of its own over its chapters' Heading 2, and reads back as parts", async () => {
    const docx = (await exportBook({ bookId, format: "docx" }, writer)).file!;
    const xml = decode(unzipSync(docx.bytes)["word/document.xml"]!);
    const headings = [...xml.matchAll(/<w:p>(?:(?!<\/w:p>).)*?<w:pStyle w:val="(Heading\d)"\/>((?:(?!<\/w:p>).)*)<\/w:p>/gs)].map((m) => [
      m[1],
      [...m[2]!.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((t) => t[1]).join(""),
      m[0].includes("<w:pageBreakBefore/>"),
    ]);
    expect(headings).toEqual([
      ["Heading2", "楔子", true],
      ["Heading1", "第一卷 入山", true],
      ["Heading2", "第一章 雪夜", true],
      ["Heading2", "第二章 拜师", true],
      ["Heading1", "第二卷 下山", true],
      ["Heading2", "第三章 归途", true],
      ["Heading2", "后记", true],
    ]);
    const back = await readHere(docx.bytes, "docx");
    expect(back.chapters.map((c) => [c.title, c.part ?? null])).toEqual([
      ["楔子", null],
      ["第一章 雪夜", "第一卷 入山"],
      ["第二章 拜师", "第一卷 入山"],
      ["第三章 归途", "第二卷 下山"],
      ["后记", "第二卷 下山"],
    ]);
    if (has("soffice")) {
      const pdf = libreOfficeToPdf(docx.bytes, "docx");
      expect(pdf, "LibreOffice opens the DOCX").not.toBeNull();
      const text = squeeze(pdfText(pdf!));
      const order = ["楔子", "第一卷入山", "第一章雪夜", "第二章拜师", "第二卷下山", "第三章归途", "后记"].map((t) => text.indexOf(t));
      expect(order.every((at) => at >= 0)).toBe(true);
      expect(order).toEqual([...order].sort((a, b) => a - b));
    }
  }, 240_000);

  it("PDF: each part's title on a page of its own before its first chapter", async () => {
    const pdf = (await exportBook({ bookId, format: "pdf" }, writer)).file!;
    const pages = pageTexts(pdf.bytes).map(squeeze);
    const partPage = pages.findIndex((page) => page === "第一卷入山");
    expect(partPage).toBeGreaterThan(0);
    const secondPart = pages.findIndex((page) => page === "第二卷下山");
    expect(secondPart).toBeGreaterThan(partPage);
    const opening = (title: string) => pages.findIndex((page) => page.startsWith(title));
    expect(opening("楔子")).toBeLessThan(partPage);
    expect(opening("第一章雪夜")).toBeGreaterThan(partPage);
    expect(opening("第二章拜师")).toBeLessThan(secondPart);
    expect(opening("第三章归途")).toBeGreaterThan(secondPart);
    expect(opening("后记")).toBeGreaterThan(opening("第三章归途"));
  }, 240_000);
});
