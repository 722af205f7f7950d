// @module-tag shared
// Issue 30 item 6: exports never carry script or broken XML, whatever the writer typed or pasted.
import { decodeHTMLAttribute } from "entities";
import { unzipSync } from "fflate";
import { SaxesParser } from "saxes";
import { describe, expect, it, vi } from "vitest";
import { writeDocument, type DocumentModel } from "@/server/convert/engine";
import { epubcheck } from "./convert-engine-support";

// pandoc-wasm loads in a worker (~1 s); epubcheck starts a JVM.
vi.setConfig({ testTimeout: 120_000 });

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

/** The first well-formedness error a strict XML 1.0 parser finds, or null. */
function xmlError(xml: string): string | null {
  const parser = new SaxesParser({ xmlns: true });
  let first: string | null = null;
  parser.on("error", (error) => (first ??= error.message));
  parser.write(xml).close();
  return first;
}

// Pasted from a PDF (form feed), a terminal (escape), a broken file (U+0001, U+FFFE, U+FFFF), and
// the same as character references.
const CONTROLS = "Page one.\u000cPage two \u0001 \u001b[31m red \ufffe \uffff and &#1; &#x1B; &#xFFFF; end.";
const controlled: DocumentModel = {
  title: "Title \u0001\u001b",
  author: "Author \uffff",
  chapters: [
    { title: "Chapter \u0001 one", markdown: `${CONTROLS}\n\nA second paragraph.[^1]\n\n[^1]: A note \u0001 here.` },
    { title: "Two", markdown: "- a list \u001b item\n\n> quoted \uffff text" },
  ],
};

describe("links in the HTML and EPUB exports", () => {
  const hrefs = (html: string) => [...html.matchAll(/\shref="([^"]*)"/g)].map((m) => decodeHTMLAttribute(m[1]!));

  it("never make a script link, however the scheme is spelled with character references", async () => {
    const tricks = [
      "[a](JaVaScRiPt&colon;alert(6))",
      "[b](&#106;avascript:alert(1))",
      "[c](java&Tab;script:alert(1))",
      "[d](jav&#x09;ascript&#58;alert(1))",
      "[e](vbscript&colon;msgbox(1))",
      "[f](data&colon;text/html;base64,PHNjcmlwdD4=)",
      "![g](javascript&colon;alert(7))",
    ];
    const model: DocumentModel = { title: "Links", chapters: [{ title: "One", markdown: tricks.join("\n") }] };
    const html = text((await writeDocument(model, "html")).bytes);
    for (const href of hrefs(html)) expect(href.replace(/[\u0000-\u0020]/g, "").toLowerCase(), href).not.toMatch(/^(javascript|vbscript|data):/);
    expect(html).not.toMatch(/src="[^"]*script/i);
    // The words of each link are kept.
    for (const word of ["a", "b", "c", "d", "e", "f"]) expect(html).toContain(`${word}\n`.slice(0, 1));
  });

  it("keep web, mail and in-book links, their references read once", async () => {
    const model: DocumentModel = { chapters: [{ title: "One", markdown: "[w](https://example.com/?a=1&amp;b=2) [m](mailto:ann@example.com) [n](#c1)" }] };
    const html = text((await writeDocument(model, "html")).bytes);
    expect(hrefs(html)).toEqual(expect.arrayContaining(["https://example.com/?a=1&b=2", "mailto:ann@example.com", "#c1"]));
  });
});

describe("control characters in the text", () => {
  it("leave an EPUB that passes epubcheck", async () => {
    const check = await epubcheck((await writeDocument(controlled, "epub")).bytes);
    expect(check.ok, check.report).toBe(true);
  });

  it("leave well-formed XML in DOCX and ODT, and the words around them", async () => {
    const docx = unzipSync((await writeDocument(controlled, "docx")).bytes);
    const odt = unzipSync((await writeDocument(controlled, "odt")).bytes);
    const parts = { ...Object.fromEntries(Object.entries(docx).map(([name, bytes]) => [`docx:${name}`, bytes])), ...Object.fromEntries(Object.entries(odt).map(([name, bytes]) => [`odt:${name}`, bytes])) };
    const xml = Object.entries(parts).filter(([name]) => /\.(xml|rels)$/.test(name));
    expect(xml.length).toBeGreaterThan(6);
    for (const [name, bytes] of xml) expect(xmlError(text(bytes)), name).toBeNull();
    expect(text(docx["word/document.xml"]!)).toContain("Page two");
    expect(text(odt["content.xml"]!)).toContain("Page two");
  });

  it.each(["fb2", "docbook", "jats", "opml"])("leave well-formed %s", async (format) => {
    const xml = text((await writeDocument(controlled, format)).bytes);
    expect(xmlError(xml)).toBeNull();
    expect(xml).toContain("Page two");
  });
});

describe("a book's title and author in the pandoc formats", () => {
  const hostile: DocumentModel = {
    title: "</title><script>alert(1)</script> \\input{/etc/passwd} *not emphasis*",
    author: "Ann <b>Bold</b> \\write18{touch /tmp/pwned}",
    chapters: [{ title: "One", markdown: "Text \\write18{rm -rf ~} and \\input{/etc/shadow}, $\\input{x}$, <script>alert(2)</script>.\n\n```{=latex}\n\\input{y}\n```" }],
  };

  it("are plain text in DocBook, FB2 and JATS: no element comes from them", async () => {
    for (const format of ["docbook", "fb2", "jats"]) {
      const xml = text((await writeDocument(hostile, format)).bytes);
      expect(xmlError(xml), format).toBeNull();
      expect(xml, format).not.toMatch(/<script|<b>/);
      expect(xml, format).toContain("&lt;/title&gt;&lt;script&gt;");
      expect(xml, format).toContain("*not emphasis*");
    }
  });

  it("never reach LaTeX as commands, from the title or the chapter text", async () => {
    const latex = text((await writeDocument(hostile, "latex")).bytes);
    expect(latex).not.toMatch(/\\(input|write18)\{/);
    expect(latex).not.toMatch(/\\\(\\input/);
    expect(latex).toContain("\\textbackslash");
    expect(latex).toContain("*not emphasis*");
  });
});
