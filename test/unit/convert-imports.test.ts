// @module-tag postgres
import { unzipSync, zipSync } from "fflate";
import { describe, expect, it, vi } from "vitest";
import { readDocument, writeDocument, type WriteOptions } from "@/server/convert/engine";
import { convertHere, readHere, writeHere } from "@/server/convert/engine/run";
import { importBook } from "@/server/convert/import-book";
import { previewImport } from "@/server/convert/preview-import";
import { sql } from "@/server/db";
import { newWriter } from "../support/principals";
import { epubcheck, fixture } from "./convert-engine-support";

/**
 * Issue 19, items 1–9: imports that never damage a manuscript. Every document here is written for
 * the test (small, in the manner of the outside files that failed: Gutenberg's HTML and text, the
 * IDPF DocBook-style EPUB, LibreOffice's RTF, Word files with bold chapter lines); none is copied.
 */

// pandoc runs only in a worker (readDocument), where it loads in about a second; the native readers run here (readHere).
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

describe("item 4: the same chapter detection and pattern for every format", () => {
  const body = [
    para("My Novel", { style: "Title" }),
    para("Chapter 1", { props: "<w:b/>" }),
    para(PROSE),
    para("Chapter 2", { align: "center" }),
    para("The second chapter."),
    para("第十二章 风暴", { props: "<w:b/>", align: "center" }),
    para("雨下了一夜。"),
  ].join("");

  it("splits a Word file at bold or centred chapter paragraphs that have no heading style", async () => {
    const model = await readHere(docx(body), "docx");
    expect(titles(model)).toEqual(["Chapter 1", "Chapter 2", "第十二章 风暴"]);
    expect(model.chapters[0]!.markdown).toBe(PROSE);
  });

  it("applies the caller's chapterPattern to DOCX, RTF, HTML and Markdown", async () => {
    const parts = "<h1>Part 1</h1><p>A.</p><h1>Chapter 1</h1><p>B.</p><p><strong>Part 2</strong></p><p>C.</p>";
    const html = await readHere(text(`<html><body>${parts}</body></html>`), "html", { chapterPattern: "Part {n}" });
    expect(titles(html)).toEqual(["Part 1", "Part 2"]);
    expect(html.chapters[0]!.markdown).toContain("Chapter 1");
    const md = await readHere(text("# Part 1\n\nA.\n\n# Chapter 1\n\nB.\n\nPart 2\n\nC.\n"), "md", { chapterPattern: "Part {n}" });
    expect(titles(md)).toEqual(["Part 1", "Part 2"]);
    const word = await readHere(docx([para("Part 1", { style: "Heading1" }), para("A."), para("Chapter 1", { style: "Heading1" }), para("B."), para("Part 2"), para("C.")].join("")), "docx", { chapterPattern: "Part {n}" });
    expect(titles(word)).toEqual(["Part 1", "Part 2"]);
    const rtf = await readDocument(text("{\\rtf1\\ansi\\deff0{\\fonttbl{\\f0 Times;}}\\pard Part 1\\par A.\\par Chapter 1\\par B.\\par Part 2\\par C.\\par}"), "rtf", { chapterPattern: "Part {n}" });
    expect(titles(rtf)).toEqual(["Part 1", "Part 2"]);
  });
});

describe("item 8: title-page paragraphs and language", () => {
  it("takes a DOCX's Author and Date paragraphs as metadata, not text, and keeps its subtitle", async () => {
    const model = await readHere(
      docx([para("My Novel", { style: "Title" }), para("A story", { style: "Subtitle" }), para("Jane Writer", { style: "Author" }), para("1 May 2024", { style: "Date" }), para("Chapter 1", { style: "Heading1" }), para(PROSE), para("Chapter 2", { style: "Heading1" }), para("More.")].join("")),
      "docx",
    );
    expect(all(model)).not.toContain("Jane Writer");
    expect(all(model)).not.toContain("1 May 2024");
    expect(all(model)).toContain("A story");
    expect(model.author).toBe("Mei Lin Harper"); // core.xml's creator, which Word keeps in step
  });

  it("reads Chinese text as zh when the document names no language", async () => {
    const model = await readHere(text("第一章 开始\n\n他走进了房间，看见桌上放着一封信。\n\n第二章 信\n\n信上只有一句话。\n"), "txt");
    expect(model.language).toBe("zh");
    const english = await readHere(text("Chapter 1\n\nHe walked in.\n"), "txt");
    expect(english.language).toBeUndefined();
  });
});

describe("item 6: text before the first heading is front matter", () => {
  it("names it \"Front matter\" in a new book, not a second \"Chapter 1\", whatever the format", async () => {
    const writer = await newWriter("front-matter");
    const html = `<html><body><p>For my mother.</p><h1>Chapter 1</h1><p>${PROSE}</p><h1>Chapter 2</h1><p>More.</p></body></html>`;
    const fromHtml = await importBook({ file: { name: "novel.html", bytes: text(html) } }, writer);
    expect(fromHtml.chapters.map((c) => c.title)).toEqual(["Front matter", "Chapter 1", "Chapter 2"]);
    const fromMd = await importBook({ file: { name: "novel.md", bytes: text("For my mother.\n\n# Chapter 1\n\nIt began.\n\n# Chapter 2\n\nMore.\n") } }, writer);
    expect(fromMd.chapters.map((c) => c.title)).toEqual(["Front matter", "Chapter 1", "Chapter 2"]);
  });

  it("imports a Chinese novel as a zh book", async () => {
    const writer = await newWriter("zh-import");
    const result = await importBook({ file: { name: "小说.txt", bytes: text("第一章 开始\n他走进了房间。\n第二章 信\n信上只有一句话。\n") } }, writer);
    expect(result.book.language).toBe("zh");
  });
});

describe("item 3: RTF keeps every character, reads its own RTF and LibreOffice's headings", () => {
  const rtf = (body: string, head = "{\\fonttbl{\\f0 Times;}}") => text(`{\\rtf1\\ansi\\ansicpg1252\\deff0${head}\n${body}}`);

  it("keeps smart quotes written every way: symbols, \\'xx bytes, \\uN with its \\ucN fallback, and beyond the BMP", async () => {
    const model = await readDocument(
      rtf(
        "\\pard \\ldblquote My dear Mr. Bennet,\\rdblquote  said his lady\\par" +
          "\\pard \\'93My dear\\'94 said \\'96 \\'85 caf\\'e9\\par" +
          "\\pard {\\uc1\\u8220\\'93My dear\\u8221\\'94 said \\u8212-}\\par" +
          "\\pard {\\uc2\\u26085??\\u26412??} {\\uc0\\u8220 Why\\u8221} \\u-10179?\\u-8704? x\\par",
      ),
      "rtf",
    );
    expect(model.chapters.map((c) => c.markdown)).toEqual([
      "“My dear Mr. Bennet,” said his lady\n\n“My dear” said – … café\n\n“My dear” said —\n\n日本 “Why” 😀 x",
    ]);
  });

  it("decodes double-byte text in a font's character set (GB 2312 Chinese)", async () => {
    const gbk = "\\'b5\\'da\\'d2\\'bb\\'d5\\'c2\\'20\\'bf\\'aa\\'ca\\'bc";
    const model = await readDocument(
      rtf(`\\pard\\f0 ${gbk}\\par\\pard\\f0 \\'cb\\'fb\\'d7\\'df\\'bd\\'f8\\'c1\\'cb\\'b7\\'bf\\'bc\\'e4\\'a1\\'a3\\par`, "{\\fonttbl{\\f0\\fcharset134 SimSun;}}"),
      "rtf",
    );
    expect(all(model)).toContain("第一章 开始");
    expect(all(model)).toContain("他走进了房间。");
    expect(model.language).toBe("zh");
  });

  it("splits a LibreOffice-style RTF at paragraphs in a Heading style, and keeps Word-style footnotes", async () => {
    const head =
      "{\\fonttbl{\\f0 Liberation Serif;}}{\\stylesheet{\\s0\\snext0 Normal;}{\\s1\\sbasedon0\\snext2\\outlinelevel0\\b\\fs32 Heading 1;}{\\s2\\sbasedon0 Text Body;}{\\*\\cs15 Footnote Characters;}}" +
      "{\\*\\generator LibreOffice/7.4}{\\info{\\title The Sea}{\\author Ann Writer}{\\creatim\\yr2024}}";
    const heading = (t: string) => `\\pard\\plain \\s1\\b\\fs32{\\listtext\\pard\\plain \\tab}\\ls1 {\\loch {\\*\\bkmkstart c}${t}{\\*\\bkmkend c}}\\par`;
    const body = [
      heading("Chapter 1: The Harbour"),
      `\\pard\\plain \\s2 {\\loch ${PROSE}}{\\super\\chftn}{\\*\\footnote\\pard\\plain\\s2{\\super\\chftn} The spring tide.}\\par`,
      heading("Chapter 2: Letters"),
      "\\pard\\plain \\s2 She wrote {\\i twice}.\\chftn {\\footnote \\pard\\plain {\\chftn} A Word note.}\\par",
    ].join("\n");
    const model = await readDocument(rtf(body, head), "rtf");
    expect(model).toMatchObject({ title: "The Sea", author: "Ann Writer" });
    expect(titles(model)).toEqual(["Chapter 1: The Harbour", "Chapter 2: Letters"]);
    expect(model.chapters[0]!.markdown).toBe(`${PROSE}[^rtf1]\n\n[^rtf1]: The spring tide.`);
    expect(model.chapters[1]!.markdown).toBe("She wrote *twice*.[^rtf2]\n\n[^rtf2]: A Word note.");
  });
});

describe("item 9: a round trip adds no chapter", () => {
  const book = {
    title: "The Lighthouse Keeper",
    author: "Mei Lin Harper",
    language: "en",
    chapters: [
      { title: "Chapter 1: The Harbour", markdown: `${PROSE}\n\nShe counted the passengers: seven, then eight.` },
      { title: "Chapter 2: Fog", markdown: "By morning the fog had come down.\n\n***\n\nThe bell rang all day." },
      { title: "Chapter 3: Letters", markdown: "She read it *twice*, then burned it." },
    ],
  };
  const words = (markdown: string) => markdown.match(/[\p{L}\p{N}]+/gu) ?? [];
  const cases: [string, WriteOptions][] = [
    ["txt", {}],
    ["typst", {}],
    ["djot", {}],
    ["odt", {}],
    ["rtf", {}],
    ["docx", { manuscript: { author: "Mei Lin Harper", surname: "Harper" } }],
  ];
  for (const [format, options] of cases) {
    it(`${format}${options.manuscript ? " (manuscript)" : ""}: three chapters, the same words`, async () => {
      const written = await writeDocument(book, format, options);
      const back = await readDocument(written.bytes, format);
      expect(titles(back)).toEqual(book.chapters.map((c) => c.title));
      expect(back).toMatchObject({ title: book.title, author: book.author });
      back.chapters.forEach((chapter, index) => expect(words(chapter.markdown)).toEqual(words(book.chapters[index]!.markdown)));
    });
  }
});

describe("item 9: a title page is metadata, never a chapter", () => {
  it("takes a plain text's title and byline above the first chapter for its title and author", async () => {
    const model = await readHere(text("My Novel\n\nby A. Writer\n\nChapter 1\n\nIt began.\n\nChapter 2\n\nIt went on.\n"), "txt");
    expect(model).toMatchObject({ title: "My Novel", author: "A. Writer" });
    expect(titles(model)).toEqual(["Chapter 1", "Chapter 2"]);
  });

  it("keeps front matter that is not just a title and a byline", async () => {
    for (const front of ["For my mother", "For my mother.\n\nAnd for my father, who read every draft.", "One\n\nTwo\n\nThree"]) {
      const model = await readHere(text(`${front}\n\nChapter 1\n\nIt began.\n\nChapter 2\n\nIt went on.\n`), "txt");
      expect(model.chapters.length, front).toBe(3);
      expect(model.title).toBeUndefined();
    }
  });

  it("drops only the lines that are the title and author a document names", async () => {
    const html = (front: string) => `<html><head><title>The Sea</title><meta name="author" content="Ann Writer"></head><body>${front}<h1>Chapter 1</h1><p>A.</p><h1>Chapter 2</h1><p>B.</p></body></html>`;
    expect(titles(await readHere(text(html("<p>The Sea</p><p>by Ann Writer</p>")), "html"))).toEqual(["Chapter 1", "Chapter 2"]);
    expect(titles(await readHere(text(html("<p>The Sea</p><p>For my mother</p>")), "html"))).toEqual(["", "Chapter 1", "Chapter 2"]);
  });
});

describe("item 7: notes keep their text", () => {
  it("keeps a DOCX footnote and an endnote that have the same number", async () => {
    const noteBody = (kind: string, t: string) => `<w:${kind} w:id="1"><w:p><w:r><w:t xml:space="preserve">${t}</w:t></w:r></w:p></w:${kind}>`;
    const body = [
      para("Chapter 1", { style: "Heading1" }),
      `<w:p>${run("A footnoted line.")}<w:r><w:footnoteReference w:id="1"/></w:r></w:p>`,
      para("Chapter 2", { style: "Heading1" }),
      `<w:p>${run("An endnoted line.")}<w:r><w:endnoteReference w:id="1"/></w:r></w:p>`,
    ].join("");
    const model = await readHere(docx(body, { footnotes: noteBody("footnote", "The footnote's own text."), endnotes: noteBody("endnote", "The endnote's own text.") }), "docx");
    expect(titles(model)).toEqual(["Chapter 1", "Chapter 2"]);
    expect(model.chapters[0]!.markdown).toMatch(/^A footnoted line\.\[\^(\S+)\]\n\n\[\^\1\]: The footnote's own text\.$/);
    expect(model.chapters[1]!.markdown).toMatch(/^An endnoted line\.\[\^(\S+)\]\n\n\[\^\1\]: The endnote's own text\.$/);
  });

  it("keeps EPUB notes in <aside>, in the chapter's document or in a notes document of their own", async () => {
    const chapter = (n: number) =>
      `<section><h1>Chapter ${n}</h1><p>Line ${n}.<a epub:type="noteref" href="${n === 1 ? "" : "d2.xhtml"}#n${n}">${n}</a></p>${n === 1 ? `<aside epub:type="footnote" id="n1"><p>Aside one.</p></aside>` : ""}</section>`;
    const notes = `<section epub:type="endnotes"><aside epub:type="endnote" id="n2"><p>Aside two.</p></aside></section>`;
    const model = await readHere(epub([chapter(1), chapter(2), notes]), "epub");
    expect(titles(model)).toEqual(["Chapter 1", "Chapter 2"]);
    expect(model.chapters[0]!.markdown).toBe("Line 1.[^n1]\n\n[^n1]: Aside one.");
    expect(model.chapters[1]!.markdown).toBe("Line 2.[^n2]\n\n[^n2]: Aside two.");
  });
});

describe("item 8: nothing is kept that points at what was dropped", () => {
  it("drops an EPUB's table of contents, page-break markers and links into itself, and its re-export passes epubcheck", async () => {
    const toc = '<section><h1>Contents</h1><p class="toc"><a href="d1.xhtml#c1">Chapter 1</a></p><ul><li><a href="d1.xhtml#c2">Chapter 2</a></li></ul></section>';
    const body =
      `<section id="c1"><h1>Chapter 1</h1><p>${PROSE}<span epub:type="pagebreak" id="page169" title="169">169</span> See <a href="#c2">the next chapter</a> or <a href="https://example.com/">the site</a>.</p></section>` +
      '<section id="c2"><h1>Chapter 2</h1><div role="doc-pagebreak" aria-label="170">170</div><p>The end.</p></section>';
    const model = await readHere(epub([toc, body]), "epub");
    expect(titles(model)).toEqual(["Contents", "Chapter 1", "Chapter 2"]);
    expect(model.chapters[0]!.markdown).toBe("");
    expect(model.chapters[1]!.markdown).toBe(`${PROSE} See the next chapter or [the site](https://example.com/).`);
    expect(model.chapters[2]!.markdown).toBe("The end.");
    const written = await writeHere(model, "epub");
    const check = await epubcheck(written.bytes);
    expect(check.ok, check.report).toBe(true);
  });

  it("stores <pre> without <code> as a code block, not raw HTML", async () => {
    const model = await readHere(text("<html><body><h1>Chapter 1</h1><pre>  a poem\n    indented</pre></body></html>"), "html");
    expect(model.chapters[0]!.markdown).toBe("```\n  a poem\n    indented\n```");
  });

  it("/convert: HTML without headings becomes Markdown with no invented \"# Chapter 1\", an EPUB keeps its metadata title", async () => {
    const md = new TextDecoder().decode((await convertHere(text("<html><body><p>Just a paragraph.</p></body></html>"), "html", "md")).bytes);
    expect(md).toBe("Just a paragraph.\n");
    const fromEpub = new TextDecoder().decode((await convertHere(epub(["<h1>Chapter 1</h1><p>A.</p>", "<h1>Chapter 2</h1><p>B.</p>"], "<dc:title>The Real Title</dc:title><dc:language>en</dc:language>"), "epub", "md")).bytes);
    expect(fromEpub).toMatch(/^---\ntitle: "?The Real Title"?\n/);
    expect(fromEpub).toContain("# Chapter 1");
  });
});

describe("item 4: a dry run shows the split before a book is made", () => {
  it("previews the chapters' titles and word counts of a Word file, and saves nothing", async () => {
    const writer = await newWriter("preview");
    const bytes = docx([para("Chapter 1", { props: "<w:b/>" }), para("One two three."), para("Chapter 2", { props: "<w:b/>" }), para("Four five.")].join(""));
    const before = await sql.selectFrom("Book").select((eb) => eb.fn.countAll<number>().as("n")).where("ownerId", "=", writer.userId).executeTakeFirstOrThrow();
    const preview = await previewImport({ file: { name: "novel.docx", bytes } }, writer);
    expect(preview).toMatchObject({ chapterCount: 2, wordCount: 5, chapters: [{ title: "Chapter 1", wordCount: 3 }, { title: "Chapter 2", wordCount: 2 }] });
    const after = await sql.selectFrom("Book").select((eb) => eb.fn.countAll<number>().as("n")).where("ownerId", "=", writer.userId).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    const parts = await previewImport({ file: { name: "novel.docx", bytes }, chapterPattern: "Part {n}" }, writer);
    expect(parts.chapters).toEqual([{ title: "The Lighthouse Keeper", wordCount: 9, part: null }]); // one chapter, named after the book (core.xml)
  });
});

describe("item 8: /convert titles a document from its metadata or its file", () => {
  it("titles an EPUB made from untitled HTML after the file, not its first chapter", async () => {
    const written = await convertHere(text("<html><body><h1>Chapter 1</h1><p>A.</p><h1>Chapter 2</h1><p>B.</p></body></html>"), "html", "epub", { fileName: "My Draft.html" });
    const opf = new TextDecoder().decode(Object.entries(unzipSync(written.bytes)).find(([name]) => name.endsWith(".opf"))![1]);
    expect(opf).toContain("<dc:title>My Draft</dc:title>");
  });

  it("reads Inkstone's own EPUB back without its title page as a chapter", async () => {
    const book = { title: "The Sea", author: "Ann Writer", language: "en", chapters: [{ title: "Chapter 1", markdown: "A." }, { title: "Chapter 2", markdown: "B." }] };
    const back = await readHere((await writeHere(book, "epub")).bytes, "epub");
    expect(back).toMatchObject({ title: "The Sea", author: "Ann Writer" });
    expect(titles(back)).toEqual(["Chapter 1", "Chapter 2"]);
  });
});
