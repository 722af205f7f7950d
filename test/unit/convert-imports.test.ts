import { unzipSync, zipSync } from "fflate";
import { describe, expect, it, vi } from "vitest";
import { readHere } from "@/server/convert/engine/run";
import { fixture } from "./convert-engine-support";

/**
 * Issue 19, items 1–9: imports that never damage a manuscript. Every document here is written for
 * the test (small, in the manner of the outside files that failed: Gutenberg's HTML and text, the
 * IDPF DocBook-style EPUB, LibreOffice's RTF, Word files with bold chapter lines); none is copied.
 */

// pandoc-wasm loads on the test's thread (~1 s) for ODT and RTF.
vi.setConfig({ testTimeout: 60_000 });

const text = (s: string) => new TextEncoder().encode(s);
const titles = (model: { chapters: { title: string }[] }) => model.chapters.map((c) => c.title);
const all = (model: { chapters: { title: string; markdown: string }[] }) => model.chapters.map((c) => `${c.title}\n${c.markdown}`).join("\n");

/** An EPUB 3 of the given XHTML body documents, in spine order. */
function epub(bodies: string[], meta = "<dc:title>A Book</dc:title><dc:language>en</dc:language>"): Uint8Array {
  const files: Record<string, Uint8Array | [Uint8Array, { level: 0 }]> = {
    mimetype: [text("application/epub+zip"), { level: 0 }],
    "META-INF/container.xml": text(
      '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
    ),
  };
  const items = bodies.map((_, i) => `<item id="d${i}" href="d${i}.xhtml" media-type="application/xhtml+xml"/>`).join("");
  const refs = bodies.map((_, i) => `<itemref idref="d${i}"/>`).join("");
  files["OEBPS/content.opf"] = text(
    `<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/">${meta}</metadata><manifest>${items}</manifest><spine>${refs}</spine></package>`,
  );
  bodies.forEach((body, i) => {
    files[`OEBPS/d${i}.xhtml`] = text(
      `<?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><title>d${i}</title></head><body>${body}</body></html>`,
    );
  });
  return zipSync(files);
}

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
const run = (t: string, props = "") => `<w:r>${props ? `<w:rPr>${props}</w:rPr>` : ""}<w:t xml:space="preserve">${t}</w:t></w:r>`;
const para = (t: string, { style = "", props = "", align = "" } = {}) =>
  `<w:p>${style || align ? `<w:pPr>${style ? `<w:pStyle w:val="${style}"/>` : ""}${align ? `<w:jc w:val="${align}"/>` : ""}</w:pPr>` : ""}${run(t, props)}</w:p>`;

/** A DOCX with the given body (and notes), on the fixture's styles and parts. */
function docx(body: string, notes: { footnotes?: string; endnotes?: string } = {}): Uint8Array {
  const files = unzipSync(fixture("book.docx"));
  files["word/document.xml"] = text(`<?xml version="1.0" encoding="UTF-8"?><w:document ${W}><w:body>${body}</w:body></w:document>`);
  const separators = (kind: string) => `<w:${kind} w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:${kind}><w:${kind} w:type="continuationSeparator" w:id="0"><w:p><w:r><w:continuationSeparator/></w:r></w:p></w:${kind}>`;
  files["word/footnotes.xml"] = text(`<?xml version="1.0" encoding="UTF-8"?><w:footnotes ${W}>${separators("footnote")}${notes.footnotes ?? ""}</w:footnotes>`);
  if (notes.endnotes !== undefined) {
    files["word/endnotes.xml"] = text(`<?xml version="1.0" encoding="UTF-8"?><w:endnotes ${W}>${separators("endnote")}${notes.endnotes}</w:endnotes>`);
    const rels = new TextDecoder().decode(files["word/_rels/document.xml.rels"]!);
    files["word/_rels/document.xml.rels"] = text(
      rels.replace("</Relationships>", '<Relationship Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/endnotes" Id="rId99" Target="endnotes.xml" /></Relationships>'),
    );
    const types = new TextDecoder().decode(files["[Content_Types].xml"]!);
    files["[Content_Types].xml"] = text(
      types.replace("</Types>", '<Override PartName="/word/endnotes.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.endnotes+xml" /></Types>'),
    );
  }
  return zipSync(files);
}

const PROSE = "It was a bright cold day in April, and the clocks were striking thirteen.";

describe("item 1: HTML and EPUB keep elements classed title, subtitle, author or date", () => {
  it("keeps an <h1 class=\"title\"> chapter heading and a <p class=\"date\"> in HTML", async () => {
    const html = `<html><head><title>Book</title></head><body>
      <h1 class="title">Chapter 1</h1><p class="date">March 1851</p><p>${PROSE}</p>
      <h1 class="title">Chapter 2</h1><p class="author">Letter from Ishmael</p><p>The second.</p></body></html>`;
    const model = await readHere(text(html), "html");
    expect(titles(model)).toEqual(["Chapter 1", "Chapter 2"]);
    expect(model.chapters[0]!.markdown).toContain("March 1851");
    expect(model.chapters[1]!.markdown).toContain("Letter from Ishmael");
  });

  it("reads a DocBook-style EPUB (<section><h2 class=\"title\">) as a chapter per section", async () => {
    const section = (n: number) => `<section><header><h2 class="title">Chapter ${n}. The Sea</h2></header><p>${PROSE} (${n})</p></section>`;
    const model = await readHere(epub([section(1), section(2), section(3)]), "epub");
    expect(titles(model)).toEqual(["Chapter 1. The Sea", "Chapter 2. The Sea", "Chapter 3. The Sea"]);
    expect(model.chapters[2]!.markdown).toContain("(3)");
  });
});

describe("item 2: a lone top-level heading is the book's title, whatever stands before it", () => {
  const chapters = "<h2>Chapter I</h2><p>" + PROSE + "</p><h2>Chapter II</h2><p>Second.</p><h2>Chapter III</h2><p>Third.</p>";
  for (const [what, before] of [
    ["a preface", "<p>The Project Gutenberg eBook of a Novel. This eBook is for the use of anyone anywhere.</p>"],
    ["a page-number span", '<p><span class="pagenum">[Pg 1]</span></p>'],
    ["a table of contents", '<h2>Contents</h2><p><a href="#c1">Chapter I</a></p><p><a href="#c2">Chapter II</a></p>'],
  ] as const) {
    it(`with ${what} before it`, async () => {
      const model = await readHere(text(`<html><body>${before}<h1>PRIDE AND PREJUDICE</h1>${chapters}</body></html>`), "html");
      expect(model.title).toBe("PRIDE AND PREJUDICE");
      expect(titles(model).filter((t) => t.startsWith("Chapter"))).toEqual(["Chapter I", "Chapter II", "Chapter III"]);
      expect(model.chapters.at(-3)!.markdown).toContain(PROSE);
    });
  }
});

describe("item 5: a heading in a hard-wrapped text stands alone between blank lines", () => {
  it("does not cut at wrapped prose lines that begin 'part did' or 'BOOK I.'", async () => {
    const wrapped = [
      "CHAPTER 1. Loomings.",
      "",
      "Call me Ishmael. Some years ago--never mind how long precisely--having little",
      "or no money in my purse, and nothing particular to interest me on shore, I",
      "thought I would sail about a little and see the watery part of the world. The",
      "part did not matter to me, for it is a way I have of driving off the spleen,",
      "and regulating the circulation, whenever I find myself growing grim about it.",
      "",
      "BOOK I. (Folio), CHAPTER I. (Sperm Whale).--This whale, among the English of",
      "old vaguely known as the Trumpa whale, and the Physeter whale, and the Anvil",
      "Headed whale, is the present Cachalot of the French, and the Pottfisch of the",
      "",
      "CHAPTER 2. The Carpet-Bag.",
      "",
      "I stuffed a shirt or two into my old carpet-bag, tucked it under my arm, and",
      "started for Cape Horn and the Pacific. Quitting the good city of old Manhatto,",
      "",
    ].join("\n");
    const model = await readHere(text(wrapped), "txt");
    expect(titles(model)).toEqual(["CHAPTER 1. Loomings.", "CHAPTER 2. The Carpet-Bag."]);
    expect(model.chapters[0]!.markdown).toContain("part did not matter");
    expect(model.chapters[0]!.markdown).toContain("BOOK I. (Folio)");
  });
});
