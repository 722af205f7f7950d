// @module-tag shared
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { unzipSync } from "fflate";
import { writeDocument } from "@/server/convert/engine";
import { convertHere, writeHere } from "@/server/convert/engine/run";
import type { TrimSize } from "@/server/convert/engine/export-options";
import type { DocumentModel } from "@/server/convert/engine/model";
import { AppError } from "@/server/errors";
import { has, pdfText, scratch } from "./convert-engine-support";
import { fonts, overprinted, pageSizes, pageTexts, readable, visualLines, wordBoxes } from "./convert-pdf-support";

/**
 * Issue 19 items 10–12: a PDF fit to print, in every script. Each case is a small document of the
 * kind that failed with the hand-drawn pdfkit page (hard-wrapped prose, italics at a line's end,
 * Chinese across a page break, a wrapped Chinese heading, Arabic), judged by what poppler's
 * pdftotext, pdffonts and pdfinfo read from the file, as a printer's preflight would.
 */

vi.setConfig({ testTimeout: 120_000 });

const encode = (text: string) => new TextEncoder().encode(text);
const pdf = async (model: DocumentModel, trimSize?: TrimSize, rightHandChapters?: boolean) => (await writeHere(model, "pdf", { ...(trimSize && { trimSize }), ...(rightHandChapters && { rightHandChapters }) })).bytes;

/** Every font embedded, and only as a subset: a printer refuses the first, a reader pays for the second. */
function expectSubsetFonts(bytes: Uint8Array, families: string[]) {
  const used = fonts(bytes);
  expect(used.length).toBeGreaterThan(0);
  for (const font of used) expect(font, font.name).toMatchObject({ embedded: true, subset: true });
  for (const family of families) expect(used.some((f) => f.name.includes(`+${family}`)), `${family} in ${used.map((f) => f.name).join(", ")}`).toBe(true);
}

const PROSE =
  "It was a truth universally acknowledged that a single man in possession of a good fortune must be in want of a wife. However little known the feelings or views of such a man may be on his first entering a neighbourhood, this truth is so well fixed in the minds of the surrounding families that he is considered the rightful property of some one or other of their daughters.";

/** Prose wrapped at about 64 columns, the way Project Gutenberg and pandoc write it. */
function hardWrapped(text: string, width = 64): string {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line && line.length + word.length + 1 > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...lines, line].join("\n");
}

const HYPHENATION = Array.from({ length: 6 }, (_, i) =>
  ["Extraordinarily", "incomprehensible", "characteristics", "notwithstanding,", "the", "representatives", "of", "neighbouring", "municipalities", "deliberated", "interminably", "about", "responsibilities."].slice(i).join(" "),
).join(" ");

const CHINESE =
  "此开卷第一回也。作者自云：因曾历过一番梦幻之后，故将真事隐去，而借“通灵”之说，撰此《石头记》一书也。故曰“甄士隐”云云。但书中所记何事何人？自又云：“今风尘碌碌，一事无成，忽念及当日所有之女子，一一细考较去，觉其行止见识，皆出于我之上。何我堂堂须眉，诚不若彼裙钗哉？”";
const visual = (word: string) => [...word].reverse().join("");
const ARABIC = "كان يا ما كان في قديم الزمان رجل يعيش في مدينة على شاطئ البحر، وكان يحب القراءة كثيرا ويقضي أيامه بين الكتب والأوراق القديمة.";

describe.runIf(has("pdftotext") && has("pdffonts"))("a PDF fit to print (issue 19 items 10–12)", () => {
  it("reflows hard-wrapped paragraphs instead of printing their source lines, and italics at a line's end never overprint (item 10)", async () => {
    // Italics right at the source lines' ends and starts, where the hand-drawn page printed them over the word before.
    const paragraph = PROSE.replace("wife", "*wife*").replace("neighbourhood", "*neighbourhood*").replace("daughters", "_daughters_");
    const source = `# Pride\n\n## Chapter 1\n\n${hardWrapped(paragraph)}\n\n${hardWrapped(paragraph)}\n\n## Chapter 2\n\n${hardWrapped(paragraph)}\n`;
    const sourceLines = source.split("\n").filter((l) => l.length > 40).length;
    const bytes = (await convertHere(encode(source), "md", "pdf")).bytes;

    const text = pageTexts(bytes).join("\n");
    // Every word, in order, joined across the source's line breaks.
    expect(readable(text)).toContain(readable(PROSE));
    const printedLines = text.split("\n").filter((l) => l.length > 40).length;
    expect(printedLines).toBeLessThan(sourceLines);
    // A source line break fell inside a printed line: the end of one source line and the start of the next print together.
    const [first, second] = hardWrapped(PROSE).split("\n");
    expect(text.split("\n").some((line) => line.includes(first!.split(" ").at(-1)!) && line.includes(second!.split(" ")[0]!))).toBe(true);
    expect(overprinted(wordBoxes(bytes))).toEqual([]);
    expectSubsetFonts(bytes, ["NotoSerif-Regular", "NotoSerif-Italic", "NotoSerif-Bold"]);
  });

  it("prints Chinese after every page break, and a wrapped Chinese heading on lines of its own (item 11)", async () => {
    const heading = "第一回　甄士隐梦幻识通灵　贾雨村风尘怀闺秀，一个长得要折成两行的回目";
    const body = Array.from({ length: 30 }, () => CHINESE).join("\n");
    const bytes = await pdf({ title: "红楼梦", author: "曹雪芹", language: "zh-CN", chapters: [{ title: heading, markdown: body }] });
    const pages = pageTexts(bytes);
    expect(pages.length).toBeGreaterThan(5);
    // Every character of every page, the pages after a break included (running heads and folios aside).
    const furniture = new Set([readable("红楼梦"), readable(heading)]);
    const printed = pages.map((page) => page.split("\n").filter((line) => !furniture.has(readable(line)) && !/^\d+$/.test(line.trim())).join("\n"));
    expect(readable(printed.join(""))).toContain(readable(CHINESE.repeat(30)));
    for (const page of pages.slice(3)) expect(readable(page).length).toBeGreaterThan(200);
    const words = wordBoxes(bytes);
    expect(overprinted(words)).toEqual([]);
    // The heading takes two lines, one below the other.
    const headingWords = words.filter((w) => w.page === 3 && heading.includes(w.text));
    expect(new Set(headingWords.map((w) => Math.round(w.yMin))).size).toBeGreaterThanOrEqual(2);
    expectSubsetFonts(bytes, ["NotoSerifSC-Regular", "NotoSerifSC-Bold"]);
  });

  it("never starts a line with 。，、 or a closing quote (CJK line-breaking rules, item 12)", async () => {
    // Sentences of every length, so that a line would often end just before a closing mark.
    const text = Array.from({ length: 40 }, (_, i) => `${"天地玄黄宇宙洪荒".slice(0, 1 + (i % 8))}。他说：“${"日月盈昃辰宿列张".slice(0, 1 + (i % 7))}”，然后、走了。`).join("");
    const bytes = await pdf({ title: "千字", language: "zh", chapters: [{ title: "一", markdown: `${text}\n${text}` }] });
    // The lines as printed (pdftotext's own lines split CJK at every change of font).
    const words = wordBoxes(bytes);
    const lines = [...new Set(words.map((w) => w.page))].flatMap((page) => visualLines(words, page));
    expect(lines.length).toBeGreaterThan(10);
    expect(lines.filter((line) => /^[。，、；：？！”’）》]/.test(line))).toEqual([]);
  });

  it("prints Arabic from its own font, right to left; an Arabic paragraph in an English book runs right to left too (item 11)", async () => {
    const arabic = await pdf({ title: "كتاب", author: "كاتب", language: "ar", chapters: [{ title: "الفصل الأول", markdown: `${ARABIC}\n${ARABIC}` }] });
    const text = pageTexts(arabic).join("\n");
    for (const word of ARABIC.replace(/[،.]/g, "").split(" ")) expect(text).toContain(word);
    expectSubsetFonts(arabic, ["NotoNaskhArabic-Regular", "NotoNaskhArabic-Bold"]);
    // Right to left: the paragraph's first word stands right of its second on the first line
    // (pdftotext -bbox gives each word's letters in the order they stand on the page).
    const words = wordBoxes(arabic);
    const second = words.find((w) => w.text === visual("يا"))!;
    const line = words.filter((w) => w.page === second.page && Math.abs(w.yMin - second.yMin) < 2).sort((a, b) => b.xMax - a.xMax);
    expect(line.slice(0, 3).map((w) => w.text)).toEqual(["كان", "يا", "ما"].map(visual));

    const mixed = await pdf({ title: "Letters", language: "en", chapters: [{ title: "One", markdown: `An English paragraph first.\n${ARABIC}\nשלום עולם, and Привет, мир.` }] });
    const mixedWords = wordBoxes(mixed);
    const arabicFirst = mixedWords.filter((w) => w.text === visual("كان")).sort((a, b) => b.xMax - a.xMax)[0]!;
    const english = mixedWords.find((w) => w.text === "An")!;
    // The Arabic paragraph starts at the right margin, the English one at the left.
    expect(arabicFirst.xMax).toBeGreaterThan(english.xMin + 200);
    expect(pageTexts(mixed).join("")).toContain("Привет");
    expectSubsetFonts(mixed, ["NotoSerif-Regular", "NotoNaskhArabic-Regular", "NotoSerifHebrew-Regular"]);
  });

  it("sets a book: justified and hyphenated, chapters on a recto (asked for) without a folio, running heads, a gutter (item 12)", async () => {
    // Long enough that the page after the next is full on the wider measure of a short book's gutter.
    const long = Array.from({ length: 24 }, () => PROSE).join("\n");
    const model: DocumentModel = {
      title: "The Long Tide",
      author: "Ann Writer",
      language: "en",
      chapters: [
        { title: "The Harbour", markdown: long },
        { title: "The Ferry", markdown: long },
      ],
    };
    const bytes = await pdf(model, undefined, true);
    const pages = pageTexts(bytes);
    const lines = (page: number) => pages[page - 1]!.split("\n").map((l) => l.trim()).filter(Boolean);
    const opening = (title: string) => pages.findIndex((p) => lines(pages.indexOf(p) + 1)[0] === title) + 1;
    const harbour = opening("The Harbour");
    const ferry = opening("The Ferry");
    // Chapters open on odd (recto) pages, with nothing else on the opening page's head or foot.
    expect(harbour % 2).toBe(1);
    expect(ferry % 2).toBe(1);
    for (const page of [1, harbour, ferry]) expect(lines(page).some((l) => /^\d+$/.test(l)), `folio on page ${page}`).toBe(false);
    // Running heads: the book on a verso, the chapter on a recto, and a folio at the foot.
    expect(lines(harbour + 1)[0]).toBe("THE LONG TIDE");
    expect(lines(harbour + 2)[0]).toBe("THE HARBOUR");
    expect(lines(harbour + 2).at(-1)).toBe(String(harbour + 2));
    // Hyphenated: on a narrow page, long words are broken at a (soft) hyphen.
    const hyphenated = await pdf({ title: "T", language: "en", chapters: [{ title: "One", markdown: HYPHENATION }] }, "5x8");
    expect(pageTexts(hyphenated).join("\n")).toMatch(/[a-z][\u00ad-]\n[a-z]/);
    // Justified: the full lines of a paragraph end at one right edge; mirrored margins with the gutter inside.
    const words = wordBoxes(bytes);
    const lineEnds = (page: number) => {
      const byLine = new Map<number, number>();
      for (const w of words.filter((w) => w.page === page)) byLine.set(Math.round(w.yMin), Math.max(byLine.get(Math.round(w.yMin)) ?? 0, w.xMax));
      return [...byLine.values()];
    };
    const recto = lineEnds(harbour + 2);
    // The right edge most lines end at (a hyphen at a line's end reaches a little past it).
    const ends = recto.map(Math.round);
    const rightEdge = ends.reduce((best, x) => (ends.filter((y) => y === x).length > ends.filter((y) => y === best).length ? x : best), ends[0]!);
    expect(recto.filter((x) => Math.abs(x - rightEdge) < 3).length).toBeGreaterThan(recto.length * 0.7);
    const leftEdge = (page: number) => Math.min(...words.filter((w) => w.page === page && w.text.length > 3).map((w) => w.xMin));
    // The gutter (KDP's 0.375 in for a book this short, issue 37) on the recto's left, the outside margin (0.55 in) on the verso's.
    expect(leftEdge(harbour + 2)).toBeCloseTo(0.375 * 72, 0);
    expect(leftEdge(harbour + 1)).toBeCloseTo(0.55 * 72, 0);
    expectSubsetFonts(bytes, ["NotoSerif-Regular"]);
  });

  it("comes in the trim sizes a printer takes: 5 × 8, 5.25 × 8, 5.5 × 8.5, 6 × 9 in, A5, 大32开 and 16开", async () => {
    const model: DocumentModel = { title: "T", chapters: [{ title: "One", markdown: PROSE }] };
    const points = { "5x8": [360, 576], "5.25x8": [378, 576], "5.5x8.5": [396, 612], "6x9": [432, 648], a5: [419.53, 595.28], "140x203mm": [396.85, 575.43], "185x260mm": [524.41, 737.01] } as const;
    for (const [trim, [width, height]] of Object.entries(points)) {
      const sizes = pageSizes(await pdf(model, trim as TrimSize));
      expect(sizes.length).toBeGreaterThan(1);
      for (const size of sizes) {
        expect(size.width).toBeCloseTo(width, 0);
        expect(size.height).toBeCloseTo(height, 0);
      }
    }
    expect(pageSizes(await pdf(model))[0]).toEqual({ width: 432, height: 648 });
  });

  it("runs in the worker pool, under its deadline", async () => {
    const written = await writeDocument({ title: "T", chapters: [{ title: "One", markdown: PROSE }] }, "pdf", { trimSize: "a5" });
    expect(readable(pageTexts(written.bytes).join(""))).toContain(readable(PROSE));
    const huge: DocumentModel = { title: "T", chapters: Array.from({ length: 40 }, (_, i) => ({ title: `C${i}`, markdown: Array.from({ length: 200 }, () => PROSE).join("\n") })) };
    const late = await writeDocument(huge, "pdf", { timeoutMs: 50 }).catch((error: unknown) => error);
    expect(late).toBeInstanceOf(AppError);
    expect((late as AppError).code).toBe("conversion_timed_out");
  });
});

describe("right-to-left books in EPUB and HTML (issue 19 item 11)", () => {
  it("marks an Arabic book rtl, and a paragraph that runs against its book with its own dir", async () => {
    const book: DocumentModel = { title: "كتاب", language: "ar", chapters: [{ title: "الفصل الأول", markdown: `${ARABIC}\nAn English line.` }] };
    const epub = unzipSync((await writeHere(book, "epub")).bytes);
    const chapter = new TextDecoder().decode(epub["OEBPS/chapter-1.xhtml"]);
    expect(chapter).toMatch(/<html [^>]*lang="ar" dir="rtl"/);
    expect(chapter).toContain('<p dir="ltr">An English line.</p>');
    expect(chapter).toContain(`<p>${ARABIC}</p>`);
    expect(new TextDecoder().decode(epub["OEBPS/content.opf"])).toContain('<spine page-progression-direction="rtl">');

    const english = new TextDecoder().decode((await writeHere({ ...book, language: "en" }, "html")).bytes);
    expect(english).not.toContain('dir="rtl">\n<head>');
    expect(english).toContain(`<p dir="rtl">${ARABIC}</p>`);
  });
});

describe("LaTeX of a Chinese book (issue 19 item 13)", () => {
  const book: DocumentModel = { title: "红楼梦", author: "曹雪芹", language: "zh-CN", chapters: [{ title: "第一回", markdown: `${CHINESE}\n*甄士隐*梦幻识通灵。` }] };

  it("sets up xeCJK with a CJK font TeX Live ships, and xelatex prints every character", async () => {
    const tex = new TextDecoder().decode((await writeDocument(book, "latex")).bytes);
    expect(tex).toContain("\\usepackage{xeCJK}");
    expect(tex).toMatch(/\\setCJKmainfont\[[^\]]*BoldFont=FandolSong-Bold\.otf[^\]]*\]\{FandolSong-Regular\.otf\}/);
    // A book without CJK text is left as it was.
    const english = new TextDecoder().decode((await writeDocument({ title: "T", chapters: [{ title: "One", markdown: "Text." }] }, "latex")).bytes);
    expect(english).not.toContain("xeCJK");
    if (!has("xelatex")) return;
    const dir = scratch();
    writeFileSync(path.join(dir, "book.tex"), tex);
    const run = spawnSync("xelatex", ["-interaction=nonstopmode", "-halt-on-error", "book.tex"], { cwd: dir, encoding: "utf8", timeout: 90_000 });
    expect(run.status, run.stdout.slice(-2000)).toBe(0);
    expect(readable(pdfText(path.join(dir, "book.pdf")))).toContain(readable(CHINESE));
  });
});
