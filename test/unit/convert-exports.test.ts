// @module-tag shared
import { unzipSync } from "fflate";
import { describe, expect, it, vi } from "vitest";
import { writeDocument } from "@/server/convert/engine";
import type { DocumentModel } from "@/server/convert/engine/model";
import { pdfText } from "./convert-engine-support";

/** Issue 19 item 14: exports a writer can hand over, the same whichever writer makes the format. */

vi.setConfig({ testTimeout: 120_000 });

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe("punctuation is the writer's until smartPunctuation is asked for, in native and pandoc writers alike", () => {
  const book: DocumentModel = { title: "T", chapters: [{ title: "One", markdown: `"Wait," she said -- and then... nothing. It's 1914--1918.` }] };
  // Native (html, md) and pandoc (rst, fb2, docbook) writers of formats whose text is the characters
  // themselves; Org, Typst and LaTeX spell dashes and quotes as markup (\`--\` is their en dash).
  const FORMATS = ["html", "md", "rst", "fb2", "docbook"];

  it("keeps quotes, dashes and dots as typed without the option", async () => {
    for (const format of FORMATS) {
      const written = text((await writeDocument(book, format)).bytes);
      expect(written, format).toContain("--");
      expect(written, format).not.toMatch(/[–—…“”’]/);
    }
  });

  it("curls quotes and makes dashes and ellipses with it, in every writer", async () => {
    for (const format of FORMATS) {
      const written = text((await writeDocument(book, format, { smartPunctuation: true })).bytes);
      expect(written, format).toMatch(/“Wait,”/);
      expect(written, format).toContain("–");
      expect(written, format).toContain("…");
      expect(written, format).toContain("It’s");
    }
  });
});

describe("DOCX", () => {
  it("opens the first chapter on a new page after the title page, not on it", async () => {
    const book: DocumentModel = { title: "The Long Tide", author: "Ann Writer", chapters: [{ title: "Chapter 1", markdown: "Text." }, { title: "Chapter 2", markdown: "More." }] };
    const xml = text(unzipSync((await writeDocument(book, "docx")).bytes)["word/document.xml"]!);
    const chapterOne = xml.slice(xml.lastIndexOf("<w:p>", xml.indexOf("Chapter 1")), xml.indexOf("Chapter 1"));
    expect(chapterOne).toContain("<w:pageBreakBefore/>");
    expect(xml.indexOf("The Long Tide")).toBeLessThan(xml.indexOf("Chapter 1"));
    // Without a title page, the first chapter opens the document.
    const untitled = text(unzipSync((await writeDocument({ chapters: book.chapters }, "docx")).bytes)["word/document.xml"]!);
    expect(untitled.slice(0, untitled.indexOf("Chapter 1"))).not.toContain("<w:pageBreakBefore/>");
  });
});

describe("a table's text survives every native writer", () => {
  const model: DocumentModel = { title: "Ledger", chapters: [{ title: "One", markdown: "Before.\n\n| Ship | Master |\n|---|---|\n| *Pequod* | Ahab |\n\nAfter." }] };
  const text = (bytes: Uint8Array, format: string) =>
    format === "pdf" ? pdfText(bytes) : ["docx", "epub", "odt"].includes(format) ? Object.values(unzipSync(bytes)).map((file) => new TextDecoder().decode(file)).join(" ") : new TextDecoder().decode(bytes);

  it("prints every cell: DOCX as a Word table with its header row bold, plain text a row a line with tabs", async () => {
    for (const format of ["docx", "epub", "html", "txt", "md", "odt", "pdf"]) {
      const written = text((await writeDocument(model, format)).bytes, format);
      for (const cell of ["Ship", "Master", "Pequod", "Ahab"]) expect(written, `${format}: ${cell}`).toContain(cell);
    }
    const docx = new TextDecoder().decode(unzipSync((await writeDocument(model, "docx")).bytes)["word/document.xml"]!);
    expect(docx).toMatch(/<w:tbl>[\s\S]*<w:tblHeader\/>[\s\S]*<w:b\/>[\s\S]*Ship[\s\S]*Ahab[\s\S]*<\/w:tbl>/);
    expect(new TextDecoder().decode((await writeDocument(model, "txt")).bytes)).toContain("Before.\n\nShip\tMaster\nPequod\tAhab\n\nAfter.");
  });
});
