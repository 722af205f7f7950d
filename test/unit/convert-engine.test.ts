// @module-tag shared
import { unzipSync } from "fflate";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { FORMATS, convert, detectFormat, readDocument, writeDocument, type DocumentModel } from "@/server/convert/engine";
import { epubcheck, fixture, has, libreOfficeToPdf, pdfText, sameWordsInSameChapters, words } from "./convert-engine-support";

// Every readable format keeps footnotes (RTF too, since Inkstone reads it itself: issue 19, item 3).
const LOSES_NOTES = new Set<string>();
const FIXTURE_FILE: Record<string, string> = { latex: "book.tex", docbook: "book.dbk", asciidoc: "book.adoc", mediawiki: "book.wiki", djot: "book.dj", typst: "book.typ" };

// pandoc-wasm loads in a worker (~1 s), epubcheck and LibreOffice start a JVM and an office suite.
vi.setConfig({ testTimeout: 120_000 });

let book: DocumentModel;
beforeAll(async () => {
  book = await readDocument(fixture("book.md"), "md");
});

describe("the formats list", () => {
  it("holds at least 15 formats, native and pandoc, each readable or writable", () => {
    expect(FORMATS.length).toBeGreaterThanOrEqual(15);
    for (const format of FORMATS) expect(format.read || format.write, format.id).toBe(true);
    expect(FORMATS.filter((f) => f.engine === "native").map((f) => f.id)).toEqual(["md", "txt", "html", "docx", "epub", "pdf"]);
  });
});

describe("the fixture book", () => {
  it("reads from Markdown with its metadata, chapters and footnotes", () => {
    expect(book).toMatchObject({ title: "The Lighthouse Keeper", author: "Mei Lin Harper", language: "en" });
    expect(book.chapters.map((c) => c.title)).toEqual(["Chapter 1: The Harbour", "第二章 灯塔", "Chapter 3: Letters"]);
    expect(book.chapters[0]!.markdown).toContain("[^tide]: The spring tide");
    expect(book.chapters[1]!.markdown).toContain("[^diary]: 这本日记");
  });
});

describe("reading each readable format (files made by other tools)", () => {
  for (const format of FORMATS.filter((f) => f.read)) {
    it(`reads ${format.id}`, async () => {
      const name = FIXTURE_FILE[format.id] ?? `book.${format.extensions[0]}`;
      const model = await readDocument(fixture(name), detectFormat(name, fixture(name)));
      for (const chapter of sameWordsInSameChapters(model, book, { notes: !LOSES_NOTES.has(format.id) })) {
        expect(chapter.found, `${format.id}: chapter "${chapter.title}" in ${model.chapters.map((c) => c.title).join(" | ")}`).toBe(true);
        expect(chapter.words, `${format.id}: ${chapter.title}`).toEqual(chapter.expected);
      }
    });
  }
});

describe("round trip: the book → each writable format → read back", () => {
  for (const format of FORMATS.filter((f) => f.write)) {
    it(`${format.id}: the same words in the same chapters`, async () => {
      const written = await writeDocument(book, format.id);
      expect(written.extension).toBe(format.extensions[0]);
      expect(written.bytes.length).toBeGreaterThan(100);
      if (format.id === "epub") {
        const check = await epubcheck(written.bytes);
        expect(check.ok, check.report).toBe(true);
      }
      if (!format.read) {
        // PDF: its text, as pdftotext extracts it, holds every word of every chapter.
        expect(new TextDecoder().decode(written.bytes.subarray(0, 5))).toBe("%PDF-");
        if (has("pdftotext")) {
          const text = words(pdfText(written.bytes)).join(" ");
          for (const chapter of book.chapters) for (const line of chapter.markdown.split("\n\n")) expect(text).toContain(words(line).join(" "));
        }
        return;
      }
      const back = await readDocument(written.bytes, format.id);
      for (const chapter of sameWordsInSameChapters(back, book, { notes: !LOSES_NOTES.has(format.id) })) {
        expect(chapter.found, `${format.id}: chapter "${chapter.title}" in ${back.chapters.map((c) => c.title).join(" | ")}`).toBe(true);
        expect(chapter.words, `${format.id}: ${chapter.title}`).toEqual(chapter.expected);
      }
    });
  }

  it("converts straight from one format to another (DOCX → EPUB → Markdown)", async () => {
    const epub = await convert(fixture("book.docx"), "docx", "epub");
    expect((await epubcheck(epub.bytes)).ok).toBe(true);
    const markdown = await convert(epub.bytes, "epub", "md");
    const back = await readDocument(markdown.bytes, "md");
    for (const chapter of sameWordsInSameChapters(back, book)) expect(chapter.words).toEqual(chapter.expected);
  });
});

describe("EPUB", () => {
  // One epubcheck serves the run (decision 0525): each book gets its own verdict and report.
  it("is judged by epubcheck book by book: a broken one between two good ones fails with its own report", async () => {
    const good = (await writeDocument(book, "epub")).bytes;
    expect((await epubcheck(good)).ok).toBe(true);
    const broken = await epubcheck(good.subarray(0, good.length - 200));
    expect(broken.ok).toBe(false);
    expect(broken.report).toMatch(/PKG-\d{3}/);
    const again = await epubcheck(good);
    expect(again.ok, again.report).toBe(true);
    expect(again.report).not.toMatch(/PKG-\d{3}/);
  });

  it("passes epubcheck with awkward content: raw HTML, entities, images, odd footnote labels, no title", async () => {
    const model: DocumentModel = {
      chapters: [
        { title: "", markdown: 'Raw <b>bold</b> & <span class="x">span</span>&nbsp;here, an ![image](cover.png) and a<br>break.[^note 1]\n\n[^note 1]: A label with a space.' },
        { title: "Fish & <Chips>", markdown: "Text.[^1] Again.[^1]\n\n[^1]: Cited twice.\n\n- a list\n- of things\n\n> quoted\n\n```\ncode\n```" },
      ],
    };
    const written = await writeDocument(model, "epub");
    const check = await epubcheck(written.bytes);
    expect(check.ok, check.report).toBe(true);
    const files = unzipSync(written.bytes);
    expect(Object.keys(files)[0]).toBe("mimetype");
    expect(new TextDecoder().decode(files["OEBPS/nav.xhtml"])).toContain("Fish &amp; &lt;Chips&gt;");
  });
});

describe("Standard Manuscript Format DOCX", () => {
  it("has the manuscript's font, spacing, margins, indent, header, word count, scene breaks and END", async () => {
    const written = await writeDocument(book, "docx", { manuscript: { author: "Mei Lin Harper", surname: "Harper", contact: "1 Quay Street\nmei@example.com" } });
    const files = unzipSync(written.bytes);
    const text = (name: string) => new TextDecoder().decode(files[name]);
    const document = text("word/document.xml");
    const styles = text("word/styles.xml");
    const header = Object.keys(files).filter((n) => /^word\/header\d*\.xml$/.test(n)).map(text).join("");
    expect(styles).toContain('w:ascii="Courier New"');
    expect(styles).toMatch(/w:sz w:val="24"/);
    expect(styles).toMatch(/w:line="480"/);
    expect(document).toMatch(/w:top="1440"[^>]*w:right="1440"[^>]*w:bottom="1440"[^>]*w:left="1440"/);
    expect(document).toContain('w:firstLine="720"');
    expect(header).toContain("Harper / THE LIGHTHOUSE KEEPER / ");
    expect(header).toContain("PAGE");
    expect(document).toMatch(/about \d{1,3}(,\d{3})*00 words/);
    expect(document).toContain("mei@example.com");
    expect(document).toContain("<w:t xml:space=\"preserve\">#</w:t>");
    expect(document).toContain("<w:t xml:space=\"preserve\">END</w:t>");
    const times = await writeDocument(book, "docx", { manuscript: { author: "A", surname: "A", font: "times" } });
    expect(new TextDecoder().decode(unzipSync(times.bytes)["word/styles.xml"])).toContain('w:ascii="Times New Roman"');
  });
});

describe("PDF", () => {
  it("embeds a CJK font subset for CJK runs when the text needs one, and a Latin serif (with italics) for the rest", async () => {
    const latin = new TextDecoder("latin1").decode((await writeDocument({ chapters: [{ title: "One", markdown: "Only *Latin* text." }] }, "pdf")).bytes);
    expect(latin).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSerif-Regular/);
    expect(latin).not.toContain("NotoSerifSC");
    const cjk = await writeDocument(book, "pdf");
    const raw = new TextDecoder("latin1").decode(cjk.bytes);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSerifSC/);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSerif-Italic/);
    // A subset: the whole Noto Serif SC is 14 MB.
    expect(cjk.bytes.length).toBeLessThan(500_000);
  });
});

describe.runIf(has("soffice"))("LibreOffice opens what Inkstone writes", () => {
  for (const [format, options] of [
    ["docx", {}],
    ["docx", { manuscript: { author: "Mei Lin Harper", surname: "Harper" } }],
    ["odt", {}],
  ] as const) {
    it(`${format}${"manuscript" in options ? " (manuscript)" : ""} converts to PDF in soffice --headless`, async () => {
      const written = await writeDocument(book, format, options);
      const pdf = libreOfficeToPdf(written.bytes, format);
      expect(pdf, "soffice produced no PDF").not.toBeNull();
      if (has("pdftotext")) expect(words(pdfText(pdf!)).join(" ")).toContain(words("Agnes counted the passengers").join(" "));
    }, 200_000);
  }
});
