// @module-tag shared
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it, vi } from "vitest";
import { readDocument, writeDocument, type DocumentModel } from "@/server/convert/engine";
import { unwrapMarkdown } from "@/server/convert/engine/markdown/wrapped";
import { writeHere } from "@/server/convert/engine/run";
import { pdfText } from "./convert-engine-support";
import { cpuMark, cpuMsSince } from "../support/cpu-time";

// Issue 17, items 1 and 3: one Enter is a paragraph in every format, and a private note is in none
// unless the export asks for notes. pandoc-wasm loads in a worker (~1 s).
vi.setConfig({ testTimeout: 120_000 });

const model: DocumentModel = {
  title: "Lines",
  author: "Ada",
  language: "en",
  chapters: [{ title: "One", markdown: "First.\nSecond.\n<!-- secret plan -->\nThird. <!-- aside --> Fourth.\nRoses,\\\nviolets." }],
};
const PARAGRAPHS = ["First.", "Second.", "Third. Fourth.", "Roses,\\\nviolets."];

const unzip = (bytes: Uint8Array, name: string) => strFromU8(unzipSync(bytes)[name]!);
/** The text of each element named `tag` (its runs joined), in order. */
function elementsText(xml: string, tag: string): string[] {
  return [...xml.matchAll(new RegExp(`<${tag}[ >][\\s\\S]*?</${tag}>`, "g"))].map((m) =>
    m[0].replace(/<w:br\s*\/>|<text:line-break\s*\/>|<br\s*\/?>/g, "\n").replace(/<[^>]+>/g, ""),
  );
}

/** A stored chapter's paragraphs as Inkstone reads them: a line each, a backslash continuing one. */
function storedParagraphs(markdown: string): string[] {
  const out: string[] = [];
  let continues = false;
  for (const line of markdown.split("\n")) {
    if (continues) out[out.length - 1] += `\n${line}`;
    else if (line.trim() !== "") out.push(line);
    else continue;
    continues = line.endsWith("\\");
  }
  return out;
}

describe("one Enter, one paragraph, in every format", () => {
  it("DOCX, the manuscript format too: one <w:p> a line, a backslash a line break, no note", async () => {
    for (const manuscript of [undefined, { author: "Ada", surname: "Ada" }]) {
      const xml = unzip((await writeDocument(model, "docx", { manuscript })).bytes, "word/document.xml");
      const texts = elementsText(xml, "w:p");
      expect(texts).toEqual(expect.arrayContaining(["First.", "Second.", "Third. Fourth.", "Roses,\nviolets."]));
      expect(xml).not.toMatch(/secret|aside|&lt;!--/);
    }
  });

  it("EPUB and HTML: one <p> a line, no note and no escaped comment", async () => {
    const epub = unzipSync((await writeDocument(model, "epub")).bytes);
    const chapter = Object.entries(epub).find(([name]) => /chapter.*\.xhtml$/.test(name))![1];
    const html = strFromU8((await writeDocument(model, "html")).bytes);
    for (const text of [strFromU8(chapter), html]) {
      expect(elementsText(text, "p")).toEqual(expect.arrayContaining(["First.", "Second.", "Third. Fourth.", "Roses,\nviolets."]));
      expect(text).not.toMatch(/secret|aside|&lt;!--/);
    }
  });

  it("PDF, TXT, Markdown and ODT: the lines apart, no note", async () => {
    const pdf = pdfText((await writeDocument(model, "pdf")).bytes);
    expect(pdf).toMatch(/First\.\s*\n\s*Second\./);
    const txt = strFromU8((await writeDocument(model, "txt")).bytes);
    expect(txt).toContain("First.\n\nSecond.\n\nThird. Fourth.\n\nRoses,\nviolets.");
    const md = strFromU8((await writeDocument(model, "md")).bytes);
    expect(md).toContain("First.\n\nSecond.\n\nThird. Fourth.\n\nRoses,\\\nviolets.");
    const odt = unzip((await writeDocument(model, "odt")).bytes, "content.xml");
    expect(elementsText(odt, "text:p")).toEqual(expect.arrayContaining(["First.", "Second.", "Third. Fourth.", "Roses,\nviolets."]));
    for (const text of [pdf, txt, md, odt]) expect(text).not.toMatch(/secret|aside/);
  });

  it("shows the notes, in brackets, only when the export asks (as comments in Markdown)", async () => {
    const xml = unzip((await writeDocument(model, "docx", { notes: true })).bytes, "word/document.xml");
    expect(elementsText(xml, "w:p")).toEqual(expect.arrayContaining(["[secret plan]", "Third. [aside] Fourth."]));
    const html = strFromU8((await writeDocument(model, "html", { notes: true })).bytes);
    expect(html).toContain("<p>[secret plan]</p>");
    expect(html).not.toContain("&lt;!--");
    expect(strFromU8((await writeDocument(model, "md", { notes: true })).bytes)).toContain("<!-- secret plan -->");
  });

  it("never counts the notes it shows in a manuscript's word count, and shows them as typed", async () => {
    const prose = `"Hi," she said. ${"word ".repeat(137)}`;
    const note = `<!-- ${'"check" this '.repeat(100)}-->`;
    const noted: DocumentModel = { title: "Count", chapters: [{ title: "One", markdown: `${prose}\n${note}` }] };
    const options = { notes: true, smartPunctuation: true, manuscript: { author: "Ada Lovelace", surname: "Lovelace" } };
    const xml = unzip((await writeHere(noted, "docx", options)).bytes, "word/document.xml");
    const text = elementsText(xml, "w:p");
    // 140 words and the title's one: about 100; the note's 200 more would make it about 300.
    expect(text).toContain("Ada Lovelace\tabout 100 words");
    expect(text.some((p) => p.startsWith("“Hi,” she said. word"))).toBe(true);
    expect(text.find((p) => p.startsWith("["))).toBe(`[${'"check" this '.repeat(100).trim()}]`.replaceAll('"', "&quot;"));
  });

  it("reads an exported book back as the same paragraphs, from every format it writes and reads", async () => {
    for (const format of ["md", "html", "docx", "epub", "odt"]) {
      const back = await readDocument((await writeDocument(model, format)).bytes, format);
      const chapter = back.chapters.find((c) => c.title === "One");
      expect(back.chapters.map((c) => c.title), format).toContain("One");
      expect(storedParagraphs(chapter!.markdown), format).toEqual(PARAGRAPHS);
    }
    // Plain text knows chapters by their headings, and no line break inside a paragraph: a broken
    // line comes back as the lines it shows.
    const titled = { ...model, chapters: [{ ...model.chapters[0]!, title: "Chapter 1" }] };
    const text = await readDocument((await writeDocument(titled, "txt")).bytes, "txt");
    expect(storedParagraphs(text.chapters.find((c) => c.title === "Chapter 1")!.markdown)).toEqual([...PARAGRAPHS.slice(0, 3), "Roses,", "violets."]);
  });

  it("reads hard-wrapped Markdown and text as whole paragraphs, and any other text a line each", async () => {
    const lines = [
      "The harbour was quiet that morning, and the boats lay at their moorings",
      "like sleeping animals, their ropes slack in the windless air, while the",
      "keeper's daughter counted them from the rocks.",
    ];
    const wrapped = `# One\n\n${lines.join("\n")}\n\nAnother one.\n`;
    for (const format of ["md", "txt"]) {
      const back = await readDocument(new TextEncoder().encode(format === "txt" ? wrapped.replace("# One", "Chapter 1") : wrapped), format);
      expect(back.chapters[0]!.markdown, format).toBe(`${lines.join(" ")}\n\nAnother one.`);
    }
    for (const text of ["# One\n\nFirst.\nSecond.", "# One\nFirst.\nSecond.\nThird.", `# One\n\n${lines[0]} ${lines[1]} ${lines[2]}\nNext.`]) {
      const back = await readDocument(new TextEncoder().encode(text), "md");
      expect(back.chapters[0]!.markdown, text).toBe(text.slice(text.indexOf("\n") + 1).trim());
    }
  });
});

describe("unwrapMarkdown", () => {
  const line = "The harbour was quiet that morning, and the boats lay there,";

  it("keeps a hard line break of two blanks on any line of a wrapped paragraph, as a backslash", () => {
    const text = `${line}\n${line}  \n${line}\n\nNext.\n\n`;
    expect(unwrapMarkdown(text)).toBe(`${line} ${line}\\\n${line}\n\nNext.\n\n`);
  });

  it("joins one enormous hard-wrapped paragraph in linear time", () => {
    const lines = 30_000;
    // Blank lines after it, as many as a hard-wrapped text has.
    const text = `${line}\n`.repeat(lines) + "\n".repeat(lines / 5);
    // CPU time, not wall-clock time: joining once takes milliseconds, a growing string tens of seconds.
    const cpu = cpuMark();
    const out = unwrapMarkdown(text);
    const ms = cpuMsSince(cpu);
    expect(out.split("\n")[0]).toBe(Array(lines).fill(line).join(" "));
    expect(ms).toBeLessThan(2_000);
  });
});
