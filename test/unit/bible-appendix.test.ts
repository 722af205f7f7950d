// @module-tag postgres
// Issue 21 item 7 (bible2): the story bible as an appendix in exports, read back from each format.
import { unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import type { Principal } from "@/server/auth/principal";
import { inlineMarkdown } from "@/server/bible/appendix";
import { createEntry } from "@/server/bible/create-entry";
import { createEntryInput } from "@/server/bible/schemas";
import { createBook } from "@/server/books/create-book";
import { uploadChapter } from "@/server/chapters/upload-chapter";
import { exportBook } from "@/server/convert/export-book";
import { getJob, getJobFile } from "@/server/job-results/get-job";
import { JOB_KINDS } from "@/server/compose/job-kinds";
import { runQueuedJobs } from "@/server/jobs/runner";
import { newWriter } from "../support/principals";
import { epubcheck, has, pdfText } from "./convert-engine-support";

const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
/** The words of XML, tags dropped, so a test reads what a reader reads. */
const words = (xml: string) => xml.replace(/<[^>]+>/g, " ").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&").replace(/\s+/g, " ");
/** A DOCX's paragraphs as text: its runs joined (a run breaks wherever the formatting or an escape does). */
const docxText = (xml: string) =>
  xml
    .split("</w:p>")
    .map((paragraph) => [...paragraph.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((run) => run[1]).join(""))
    .map((text) => words(text))
    .join(" ");
const entry = (bookId: string, fields: z.input<typeof createEntryInput>) => ({ bookId, ...createEntryInput.parse(fields) });

async function bookWith(writer: Principal, language: string, chapters: [string, string][]) {
  const book = await createBook({ title: "The Whaler", type: "novel", description: "", language, status: "drafting", targetWordCount: null }, writer);
  for (const [title, content] of chapters) await uploadChapter({ bookId: book.id, title, content }, writer);
  return book;
}

describe("the bible as an appendix in exports (issue 21 item 7)", () => {
  let ada: Principal;
  let bookId: string;
  beforeAll(async () => {
    ada = await newWriter("ada");
    const book = await bookWith(ada, "en", [
      ["Loomings", "Call me Ishmael."],
      ["The Chase", "The captain fell silent."],
    ]);
    bookId = book.id;
    await createEntry(entry(bookId, { name: "Ahab", aliases: ["the captain", "Old Thunder"], description: "Captain of the *Pequod*.", fields: [{ key: "leg", value: "whalebone" }] }), ada);
    // A long description: the appendix alone would round the manuscript's word count up.
    await createEntry(entry(bookId, { name: "Nantucket", kind: "place", description: `An island. ${"Grey sea and sand. ".repeat(50)}` }), ada);
    await createEntry(entry(bookId, { name: "Rule #1 <of> the_sea", kind: "lore" }), ada);
  });

  it("prints the entries after the last chapter, grouped by kind, in EPUB (valid), DOCX and PDF", async () => {
    const epub = (await exportBook({ bookId, format: "epub", bibleAppendix: true }, ada)).file!;
    const files = unzipSync(epub.bytes);
    const xhtml = Object.keys(files)
      .filter((name) => name.endsWith(".xhtml") && !name.endsWith("nav.xhtml"))
      .sort()
      .map((name) => words(decode(files[name]!)))
      .join(" ");
    const order = ["Call me Ishmael", "The captain fell silent", "Story Bible", "Characters", "Ahab", "the captain, Old Thunder", "Captain of the Pequod", "leg: whalebone", "Places", "Nantucket", "An island", "Lore", "Rule #1 <of> the_sea"];
    const at = (text: string) => order.map((part) => [part, text.indexOf(part)] as const);
    expect(at(xhtml).filter(([, index]) => index < 0)).toEqual([]);
    expect(at(xhtml).map(([, index]) => index)).toEqual([...at(xhtml).map(([, index]) => index)].sort((a, b) => a - b));
    expect(words(decode(Object.entries(files).find(([name]) => name.endsWith("nav.xhtml"))![1]))).toContain("Story Bible");
    if (has("java")) {
      const verdict = await epubcheck(epub.bytes);
      expect(verdict.ok, verdict.report).toBe(true);
    }

    const docx = docxText(decode(unzipSync((await exportBook({ bookId, format: "docx", bibleAppendix: true }, ada)).file!.bytes)["word/document.xml"]!));
    expect(at(docx).filter(([, index]) => index < 0)).toEqual([]);
    expect(docx.indexOf("Story Bible")).toBeGreaterThan(docx.indexOf("The captain fell silent"));

    const pdf = pdfText((await exportBook({ bookId, format: "pdf", bibleAppendix: true }, ada)).file!.bytes).replace(/\s+/g, " ");
    for (const part of ["Story Bible", "Ahab", "Old Thunder", "whalebone", "Nantucket", "Rule #1 <of> the_sea"]) expect(pdf, part).toContain(part);
    expect(pdf.lastIndexOf("Story Bible")).toBeGreaterThan(pdf.lastIndexOf("The captain fell silent"));
  }, 240_000); // epubcheck is a Java program, and Typst sets the PDF

  it("prints it from a queued export too, and nothing without the option or with an empty bible", async () => {
    const { job } = await exportBook({ bookId, format: "md", bibleAppendix: true, async: true }, ada);
    await runQueuedJobs(JOB_KINDS);
    expect(await getJob({ jobId: job!.id }, ada)).toMatchObject({ status: "succeeded" });
    const queued = decode((await getJobFile({ jobId: job!.id }, ada)).bytes);
    expect(queued).toMatch(/Story Bible[\s\S]*## Characters[\s\S]*### Ahab[\s\S]*\*\*leg:\*\* whalebone/);

    expect(decode((await exportBook({ bookId, format: "md" }, ada)).file!.bytes)).not.toContain("Story Bible");
    // A manuscript's word count is the book's: the appendix is printed, not counted.
    const wordCount = async (bibleAppendix: boolean) => {
      const files = unzipSync((await exportBook({ bookId, format: "docx", manuscript: true, bibleAppendix }, ada)).file!.bytes);
      return /about [\d,]+ words/.exec(docxText(decode(files["word/document.xml"]!)))?.[0];
    };
    expect(await wordCount(true)).toBe("about 100 words");
    expect(await wordCount(false)).toBe("about 100 words");
    const empty = await bookWith(ada, "en", [["One", "Nobody here."]]);
    expect(decode((await exportBook({ bookId: empty.id, format: "md", bibleAppendix: true }, ada)).file!.bytes)).not.toContain("Story Bible");
  });

  it("names the appendix and its kinds in Chinese for a Chinese book", async () => {
    const book = await bookWith(ada, "zh-CN", [["第一回", "林黛玉进了贾府。"]]);
    await createEntry(entry(book.id, { name: "林黛玉", aliases: ["颦儿", "潇湘妃子"] }), ada);
    await createEntry(entry(book.id, { name: "贾府", kind: "place" }), ada);
    const text = decode((await exportBook({ bookId: book.id, format: "md", bibleAppendix: true }, ada)).file!.bytes);
    expect(text).toMatch(/设定集[\s\S]*## 人物[\s\S]*### 林黛玉[\s\S]*颦儿、潇湘妃子[\s\S]*## 地点[\s\S]*### 贾府/);
  });

  it("joins a field's lines and escapes its markup in one pass over it, whatever white space it holds (on the request thread)", () => {
    expect(inlineMarkdown("whale\n  \r\n bone *and* [ivory]\t")).toBe("whale bone \\*and\\* \\[ivory\\]\t");
    // 200,000 spaces and no line break: the old pattern retried the run from each space, some 2·10¹⁰
    // steps (about 100 s, past the test's time limit; a 2,000-space field took 10 ms).
    const spaces = " ".repeat(200_000);
    expect(inlineMarkdown(`${spaces}x`)).toBe(`${spaces}x`);
    expect(inlineMarkdown(`a${spaces}\n${spaces}b`)).toBe("a b");
  });
});
