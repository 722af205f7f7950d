// Issue 37 item 6 (decision 0495): back matter set once per writer and chosen per book — each page
// after the last chapter, on its own page: EPUB documents of their own with their epub:type and
// landmarks (epubcheck), DOCX pages of their own, PDF pages after the last chapter (the first on a
// recto), plain text's headed sections.
import { unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import type { Principal } from "@/server/auth/principal";
import { updateBackMatter } from "@/server/back-matter/update-back-matter";
import { createSeries } from "@/server/bible/create-series";
import { createBook } from "@/server/books/create-book";
import { patchBookInput } from "@/server/books/schemas";
import { updateBook } from "@/server/books/update-book";
import { uploadChapter } from "@/server/chapters/upload-chapter";
import { exportBook } from "@/server/convert/export-book";
import { newWriter } from "../support/principals";
import { epubcheck, has } from "./convert-engine-support";
import { pageTexts } from "./convert-pdf-support";

const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const squeeze = (text: string) => text.replace(/\s+/g, "");
const newBook = (title: string, writer: Principal) => createBook({ title, type: "novel", description: "", language: "en", status: "drafting", targetWordCount: null }, writer);

describe("back matter in exports", () => {
  let writer: Principal;
  let bookId: string;
  beforeAll(async () => {
    writer = await newWriter("backmatter");
    const first = await newBook("The First Tide", writer);
    const second = await newBook("The Second Tide", writer);
    const standalone = await newBook("A Quiet House", writer);
    const saga = await createSeries({ title: "The Tides", description: "", bookIds: [first.id, second.id] }, writer);
    const book = await newBook("The Third Tide", writer);
    bookId = book.id;
    await uploadChapter({ bookId, title: "Landfall", content: "The boat came in at dawn." }, writer);
    await uploadChapter({ bookId, title: "Harbour", content: "Nobody was waiting." }, writer);
    await updateBackMatter(
      {
        aboutAuthor: "Mara Vell lives by the *sea*.",
        acknowledgements: "Thanks to everyone, always.",
        // The book itself in the list: it never lists itself.
        alsoBy: [{ seriesId: saga.id }, { bookId: standalone.id }, { bookId }, { title: "Poems [Selected]" }],
      },
      writer,
    );
    // Acknowledgements are usually the book's own: they stand over the writer's.
    await updateBook({ bookId, changes: { acknowledgements: "Thanks to the harbour master." } }, writer);
  });

  it("EPUB: each page its own document after the last chapter, with its epub:type, in the landmarks and contents; epubcheck passes", async () => {
    const epub = (await exportBook({ bookId, format: "epub" }, writer)).file!;
    const files = unzipSync(epub.bytes);
    const acknowledgements = decode(files["OEBPS/acknowledgements.xhtml"]!);
    expect(acknowledgements).toContain('epub:type="backmatter acknowledgments" role="doc-acknowledgments"');
    expect(acknowledgements).toContain("Thanks to the harbour master.");
    expect(acknowledgements).not.toContain("Thanks to everyone");
    expect(decode(files["OEBPS/about-the-author.xhtml"]!)).toContain("<em>sea</em>");
    const alsoBy = decode(files["OEBPS/also-by.xhtml"]!);
    expect(alsoBy).toContain('epub:type="backmatter"');
    expect(alsoBy).toContain("<h1>Also by backmatter</h1>");
    const listed = [...alsoBy.matchAll(/<p[^>]*>(.*?)<\/p>/g)].map((m) => m[1]);
    expect(listed).toEqual(["<strong>The Tides</strong>", "<em>The First Tide</em>", "<em>The Second Tide</em>", "<em>A Quiet House</em>", "<em>Poems [Selected]</em>"]);
    const opf = decode(files["OEBPS/content.opf"]!);
    const spine = [...opf.slice(opf.indexOf("<spine")).matchAll(/idref="([^"]+)"/g)].map((m) => m[1]);
    expect(spine.slice(-5)).toEqual(["chapter-1", "chapter-2", "acknowledgements", "about-the-author", "also-by"]);
    const nav = decode(files["OEBPS/nav.xhtml"]!);
    expect(nav).toContain('<a epub:type="backmatter" href="acknowledgements.xhtml">');
    expect(nav).toContain('<a epub:type="acknowledgments" href="acknowledgements.xhtml">');
    expect(nav).toContain('<a href="also-by.xhtml">Also by backmatter</a>');
    if (has("java")) {
      const verdict = await epubcheck(epub.bytes);
      expect(verdict.ok, verdict.report).toBe(true);
    }
  }, 240_000);

  it("DOCX: each page a heading on a new page after the last chapter", async () => {
    const docx = (await exportBook({ bookId, format: "docx" }, writer)).file!;
    const xml = decode(unzipSync(docx.bytes)["word/document.xml"]!);
    const headings = [...xml.matchAll(/<w:p>(?:(?!<\/w:p>).)*?<w:pStyle w:val="Heading1"\/>((?:(?!<\/w:p>).)*)<\/w:p>/gs)].map((m) => [
      [...m[1]!.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((t) => t[1]).join(""),
      m[0].includes("<w:pageBreakBefore/>"),
    ]);
    expect(headings).toEqual([
      ["Landfall", true],
      ["Harbour", true],
      ["Acknowledgements", true],
      ["About the Author", true],
      ["Also by backmatter", true],
    ]);
  }, 240_000);

  it("PDF: the pages after the last chapter, the first on a recto", async () => {
    const pdf = (await exportBook({ bookId, format: "pdf" }, writer)).file!;
    const pages = pageTexts(pdf.bytes).map(squeeze);
    const opening = (title: string) => pages.findIndex((page) => page.startsWith(squeeze(title)));
    const [last, thanks, about, alsoBy] = ["Harbour", "Acknowledgements", "About the Author", "Also by backmatter"].map(opening);
    expect(last).toBeGreaterThan(0);
    expect(thanks).toBeGreaterThan(last!);
    expect(about).toBeGreaterThan(thanks!);
    expect(alsoBy).toBeGreaterThan(about!);
    // A recto is an odd page (index + 1): the back matter opens on one, as a printed book's does.
    expect((thanks! + 1) % 2).toBe(1);
    expect(pages[thanks!]).toContain("Thankstotheharbourmaster.");
    expect(pages[alsoBy!]).toContain("TheTides");
  }, 240_000);

  it("plain text: headed sections after the last chapter; a book's choice leaves pages out; a manuscript prints none", async () => {
    const text = async (extra: object = {}) => decode((await exportBook({ bookId, format: "txt", ...extra }, writer)).file!.bytes);
    const all = await text();
    const at = ["Harbour", "Acknowledgements", "About the Author", "Also by backmatter"].map((title) => all.indexOf(title));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect(at).toEqual([...at].sort((a, b) => a - b));
    // Markdown (and pandoc's formats, written from the same model): a heading each, after the last chapter's.
    const markdown = decode((await exportBook({ bookId, format: "md" }, writer)).file!.bytes);
    const headings = [...markdown.matchAll(/^#+ (.+)$/gm)].map((m) => m[1]);
    expect(headings.slice(-4)).toEqual(["Harbour", "Acknowledgements", "About the Author", "Also by backmatter"]);

    await updateBook({ bookId, changes: patchBookInput.parse({ backMatter: ["alsoBy", "aboutAuthor"] }) }, writer);
    const chosen = await text();
    expect(chosen).not.toContain("Acknowledgements");
    expect(chosen.indexOf("About the Author")).toBeLessThan(chosen.indexOf("Also by backmatter"));

    await updateBook({ bookId, changes: patchBookInput.parse({ backMatter: [] }) }, writer);
    const none = await text();
    expect(none).not.toContain("About the Author");
    expect(none).not.toContain("Also by");

    await updateBook({ bookId, changes: { backMatter: null } }, writer);
    const docx = (await exportBook({ bookId, format: "docx", manuscript: true }, writer)).file!;
    expect(decode(unzipSync(docx.bytes)["word/document.xml"]!)).not.toContain("About the Author");
  }, 240_000);
});
