// @module-tag shared
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it, vi } from "vitest";
import { readDocument, type DocumentModel } from "@/server/convert/engine";
import { writeHere } from "@/server/convert/engine/run";

// Issue 19: ODT written by the engine's own writer (server/convert/engine/writers/odt.ts), read
// back by pandoc's ODT reader in a worker (pandoc-wasm loads in ~1 s).
vi.setConfig({ testTimeout: 120_000 });

const book: DocumentModel = {
  title: "The Harbour",
  author: "Mei Lin Harper",
  language: "en-GB",
  frontMatter: { copyright: "© 2026 Mei Lin Harper", dedication: "For Maud" },
  chapters: [
    {
      title: "One",
      markdown: [
        "She read it *twice*, then **burned** it, and ~~never~~ spoke of `the  letter`.",
        "The bell rang.[^bell] Four   spaces  apart.",
        "***",
        "## The morning after",
        "- the boats",
        "- the ropes",
        "> A line she had read.",
        "See [the map](https://example.com/map?a=1&b=2) and [this](javascript:alert(1)).",
        "",
        "| Ship | Crew |",
        "| --- | --- |",
        "| Maud | 7 |",
        "",
        "[^bell]: The bell of St Mary's, *rung* at dawn.",
      ].join("\n"),
    },
    { title: "Two", markdown: "By morning the fog had come down.\nThe tide turned." },
  ],
};

async function odt(model: DocumentModel, options = {}) {
  const written = await writeHere(model, "odt", options);
  const files = unzipSync(written.bytes);
  return { written, files, content: strFromU8(files["content.xml"]!), styles: strFromU8(files["styles.xml"]!), meta: strFromU8(files["meta.xml"]!) };
}

/** An automatic text style's properties, by the name a span uses. */
function styleOf(content: string, span: string): string {
  const name = new RegExp(`<text:span text:style-name="([^"]+)">${span}</text:span>`).exec(content)?.[1];
  return new RegExp(`<style:style style:name="${name}" style:family="text"><style:text-properties ([^/]*)/>`).exec(content)?.[1] ?? "";
}

describe("the ODT writer", () => {
  it("zips mimetype first and stored, then the manifest, content, styles and metadata", async () => {
    const { written, files, meta } = await odt(book);
    const bytes = written.bytes;
    const view = new DataView(bytes.buffer, bytes.byteOffset);
    expect(view.getUint32(0, true)).toBe(0x04034b50);
    expect(view.getUint16(8, true)).toBe(0); // stored
    expect(strFromU8(bytes.subarray(30, 38))).toBe("mimetype");
    expect(strFromU8(bytes.subarray(38, 38 + 39))).toBe("application/vnd.oasis.opendocument.text");
    expect(Object.keys(files)).toEqual(["mimetype", "META-INF/manifest.xml", "content.xml", "styles.xml", "meta.xml"]);
    expect(written).toMatchObject({ mediaType: "application/vnd.oasis.opendocument.text", extension: "odt" });
    expect(meta).toContain("<dc:title>The Harbour</dc:title>");
    expect(meta).toContain("<dc:creator>Mei Lin Harper</dc:creator>");
    expect(meta).toContain("<dc:language>en-GB</dc:language>");
  });

  it("names LibreOffice's styles, the book's language among the defaults", async () => {
    const { styles } = await odt(book);
    for (const name of ["Title", "Author", "Text_20_body", "Heading_20_1", "Heading_20_2", "Quotations", "Preformatted_20_Text", "Scene_20_Break", "Footnote"]) {
      expect(styles, name).toContain(`style:name="${name}"`);
    }
    expect(styles).toMatch(/style:name="Heading_20_1"[^>]*style:default-outline-level="1"[^>]*><style:paragraph-properties [^>]*fo:break-before="page"/);
    expect(styles).toMatch(/style:name="Scene_20_Break"[^>]*><style:paragraph-properties fo:text-align="center"/);
    expect(styles).toContain('fo:language="en" fo:country="GB"');
    expect(styles).toContain('style:writing-mode="lr-tb"');
  });

  it("prints the title page, the front matter and each chapter on pages of their own, in order", async () => {
    const { content } = await odt(book);
    const order = ['<text:p text:style-name="Title">The Harbour</text:p>', '<text:p text:style-name="Author">Mei Lin Harper</text:p>', "© 2026", "For Maud", ">One</text:h>", "She read it", ">Two</text:h>"];
    const at = order.map((text) => content.indexOf(text));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect(at).toEqual([...at].sort((a, b) => a - b));
    expect(content).toContain('<text:h text:style-name="Heading_20_1" text:outline-level="1">One</text:h>');
    expect(content).toMatch(/<text:p text:style-name="Copyright_20_Page">© 2026/);
    expect(content).toMatch(/style:name="Dedication_20_Page"[^>]*><style:paragraph-properties fo:break-before="page"/);
  });

  it("writes the blocks: a scene break, a subheading, a list, a quotation, a footnote", async () => {
    const { content } = await odt(book);
    expect(content).toContain('<text:p text:style-name="Scene_20_Break">* * *</text:p>');
    expect(content).toContain('<text:h text:style-name="Heading_20_2" text:outline-level="2">The morning after</text:h>');
    expect(content).toMatch(/<text:list [^>]*><text:list-item><text:p [^>]*>the boats<\/text:p><\/text:list-item><text:list-item><text:p [^>]*>the ropes<\/text:p>/);
    expect(content).toContain('<text:p text:style-name="Quotations">A line she had read.</text:p>');
    expect(content).toMatch(/The bell rang\.<text:note text:id="ftn1" text:note-class="footnote"><text:note-citation>1<\/text:note-citation><text:note-body><text:p text:style-name="Footnote">The bell of St Mary’?'?s, <text:span [^>]*>rung<\/text:span>(?: |<text:s\/>)at dawn\.<\/text:p><\/text:note-body><\/text:note>/);
  });

  it("marks italics, bold, struck and code text with automatic styles, links only the safe ones, and keeps runs of spaces", async () => {
    const { content } = await odt(book);
    expect(styleOf(content, "twice")).toContain('fo:font-style="italic"');
    expect(styleOf(content, "burned")).toContain('fo:font-weight="bold"');
    expect(styleOf(content, "never")).toContain('style:text-line-through-style="solid"');
    expect(styleOf(content, "the <text:s/>letter")).toContain('style:font-name="Liberation Mono"');
    expect(content).toContain('<text:a xlink:type="simple" xlink:href="https://example.com/map?a=1&amp;b=2">the map</text:a>');
    expect(content).not.toContain("javascript:");
    expect(content).toContain("and this.");
    expect(content).toContain('Four <text:s text:c="2"/>spaces <text:s/>apart.');
  });

  it("prints a chosen scene break, and a blank one as an empty paragraph", async () => {
    expect((await odt(book, { sceneBreak: "asterism" })).content).toContain('<text:p text:style-name="Scene_20_Break">⁂</text:p>');
    expect((await odt(book, { sceneBreak: "blank" })).content).toContain('<text:p text:style-name="Scene_20_Break"></text:p>');
  });

  it("prints a table as an ODF table, and as paragraphs inside a list item, where ODF allows none", async () => {
    const markdown = "| Ship | Crew |\n| --- | --- |\n| *Maud* | 7 |";
    const { content } = await odt({ chapters: [{ title: "Ships", markdown }] });
    expect(content).toMatch(/<table:table><table:table-column table:number-columns-repeated="2"\/><table:table-row><table:table-cell [^>]*><text:p [^>]*>Ship<\/text:p><\/table:table-cell>/);
    expect(content).toMatch(/<table:table-cell [^>]*><text:p [^>]*><text:span [^>]*>Maud<\/text:span><\/text:p><\/table:table-cell><table:table-cell [^>]*><text:p [^>]*>7<\/text:p>/);
    const listed = (await odt({ chapters: [{ title: "Ships", markdown: `- ${markdown.replaceAll("\n", "\n  ")}` }] })).content;
    expect(listed).not.toContain("<table:table>");
    expect(listed).toContain(">Crew</text:p>");
  });

  it("keeps code's spaces, tabs and lines", async () => {
    const { content } = await odt({ chapters: [{ title: "Code", markdown: "```\n  indented\n\ttabbed  twice\n```" }] });
    expect(content).toContain('<text:p text:style-name="Preformatted_20_Text"><text:s text:c="2"/>indented<text:line-break/><text:tab/>tabbed <text:s/>twice</text:p>');
  });

  it("sets a Chinese book's Asian language and a CJK font, its characters intact", async () => {
    const { content, styles } = await odt({ title: "雨の日", language: "zh-CN", chapters: [{ title: "第一章", markdown: "雨下了一整天。她在窗前*等*着。" }] });
    expect(styles).toContain('style:language-asian="zh" style:country-asian="CN"');
    expect(styles).toContain('style:font-name-asian="Noto Serif CJK SC"');
    expect(content).toContain(">第一章</text:h>");
    expect(content).toContain("雨下了一整天。她在窗前");
    expect((await odt({ language: "zh-TW", chapters: [{ title: "一", markdown: "字" }] })).styles).toContain('style:font-name-asian="Noto Serif CJK TC"');
    expect((await odt({ language: "ja", chapters: [{ title: "一", markdown: "字" }] })).styles).toContain('style:language-asian="ja"');
  });

  it("runs an Arabic or Hebrew book right to left", async () => {
    for (const [language, text] of [["ar", "كان البحر هادئا"], ["he-IL", "הים היה שקט"]] as const) {
      const { content, styles } = await odt({ language, chapters: [{ title: "1", markdown: text }] });
      expect(styles, language).toContain('style:writing-mode="rl-tb"');
      expect(styles, language).toContain(`style:language-complex="${language.slice(0, 2)}"`);
      expect(content, language).toContain(text);
    }
  });

  it("escapes markup characters and drops what XML 1.0 forbids", async () => {
    const { content, meta } = await odt({
      title: 'A <b>&"bold"\u0001 title',
      chapters: [{ title: "<script>&\"", markdown: 'Text <script>&" and \u0000\u0007\u000b\ufffe\uffff\ud800 gone, 😀 kept.' }],
    });
    expect(content).toContain(">&lt;script&gt;&amp;&quot;</text:h>");
    expect(content).not.toContain("<script>");
    expect(content).toContain(" gone, 😀 kept.");
    expect(meta).toContain("<dc:title>A &lt;b&gt;&amp;&quot;bold&quot; title</dc:title>");
    for (const xml of [content, meta]) expect(xml).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])/);
  });

  it("writes a 2 MB chapter of spaces, asterisks and underscores without a pathological slowdown", async () => {
    const pieces = ["*", " ", "_", "  ", "**", "__", "* _", "\\*"];
    let markdown = "";
    for (let i = 0; markdown.length < 2_000_000; i++) markdown += pieces[(i * 7) % pieces.length]!.repeat(1 + (i % 5)) + (i % 997 === 0 ? "\n" : "");
    const { content } = await odt({ chapters: [{ title: "Storm", markdown }] });
    expect(content).toContain(">Storm</text:h>");
  });

  it("reads back through pandoc's ODT reader: every chapter, its paragraphs, the title and author", async () => {
    const written = await writeHere(book, "odt");
    const back = await readDocument(written.bytes, "odt");
    expect(back).toMatchObject({ title: "The Harbour", author: "Mei Lin Harper", language: "en-GB" });
    const titled = back.chapters.filter((c) => c.title);
    expect(titled.map((c) => c.title)).toEqual(["One", "Two"]);
    expect(titled[1]!.markdown).toBe("By morning the fog had come down.\n\nThe tide turned.");
    const one = titled[0]!.markdown;
    for (const text of ["She read it *twice*, then **burned** it", "## The morning after", "the boats", "A line she had read.", "[the map](https://example.com/map?a=1&b=2)", "The bell of St Mary", "Maud"]) {
      expect(one).toContain(text);
    }
  });
});
