import {
  AlignmentType,
  Document,
  FootnoteReferenceRun,
  Header,
  HeadingLevel,
  LineRuleType,
  Packer,
  PageNumber,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
  type IRunOptions,
  type ISectionOptions,
} from "docx";
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import { lexChapter, plainText, tableRows, type Token } from "../markdown/tokens";
import { countProse } from "../../../text/prose";
import { countText } from "../../../text/count-rule";
import type { ParagraphIndent } from "../../../text/text-rules";
import { frontMatterPages, partOpenings, sceneBreakMark } from "../compile";
import { chapterTitleOf, type DocumentModel, type ManuscriptOptions, type WriteOptions, type WrittenDocument } from "../model";
import { scaled, themedParagraphIndent, themeOf, type Theme } from "../themes";

/**
 * DOCX with the `docx` library. Chapters are Heading 1 on a new page, footnotes are Word
 * footnotes, scene breaks a centred "* * *". With `manuscript`, Standard Manuscript Format:
 * 12 pt Courier or Times, double spaced, 1-inch margins, 0.5-inch first-line indent, running
 * header "Surname / TITLE / page", a cover page (name and contact with the rounded word count,
 * the title halfway down), "#" for scene breaks, "END" after the last line, on US Letter or A4.
 */

const INCH = 1440; // twips
/** Paper sizes in twips: US Letter 8.5 × 11 in, A4 210 × 297 mm. */
const PAPER = { letter: { width: 12240, height: 15840 }, a4: { width: 11906, height: 16838 } } as const;
const MEDIA_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

interface Style {
  manuscript: boolean;
  /** the book's (decision 0491); a manuscript indents as Standard Manuscript Format says whatever it is */
  paragraphIndent: ParagraphIndent;
  sceneBreak: string;
  /** footnotes of the whole document, numbered as Word numbers them */
  footnotes: Record<number, { children: Paragraph[] }>;
  /** the book has parts: a part is Heading 1, a chapter Heading 2, a heading inside a chapter Heading 3 */
  inParts: boolean;
  /** the headings' alignment: the theme's; a manuscript's centred */
  headingAlignment: (typeof AlignmentType)[keyof typeof AlignmentType];
  /** the body text's size in half-points, which a two-character indent is measured in */
  textHalfPoints: number;
}

type Marks = Pick<IRunOptions, "bold" | "italics" | "strike" | "superScript">;

function runs(tokens: readonly Token[] | undefined, marks: Marks, style: Style, notes: Map<string, number>): (TextRun | FootnoteReferenceRun)[] {
  const out: (TextRun | FootnoteReferenceRun)[] = [];
  for (const token of tokens ?? []) {
    switch (token.type) {
      case "strong":
        out.push(...runs(token.tokens, { ...marks, bold: true }, style, notes));
        break;
      case "em":
        out.push(...runs(token.tokens, { ...marks, italics: true }, style, notes));
        break;
      case "del":
        out.push(...runs(token.tokens, { ...marks, strike: true }, style, notes));
        break;
      case "br":
        out.push(new TextRun({ ...marks, break: 1 }));
        break;
      case "footnoteRef": {
        const number = notes.get((token as unknown as { label: string }).label);
        if (number !== undefined) out.push(new FootnoteReferenceRun(number));
        break;
      }
      case "link":
        out.push(...runs(token.tokens, marks, style, notes));
        break;
      default:
        if ("tokens" in token && token.tokens && token.type !== "codespan") out.push(...runs(token.tokens, marks, style, notes));
        else {
          const text = plainText([token]);
          // Manuscripts underline what print sets in italics; Word users expect that convention.
          if (text) out.push(new TextRun({ ...marks, ...(style.manuscript && marks.italics ? { italics: false, underline: {} } : {}), text }));
        }
    }
  }
  return out;
}

/** A GFM table as a Word table across the text's width, its header row bold (and repeated on each page). */
function table(token: Token, style: Style, notes: Map<string, number>): Table {
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: tableRows(token).map(
      (row, r) => new TableRow({ tableHeader: r === 0, children: row.map((cell) => new TableCell({ children: [new Paragraph({ children: runs(cell, r === 0 ? { bold: true } : {}, style, notes) })] })) }),
    ),
  });
}

function paragraphs(blocks: readonly Token[], style: Style, notes: Map<string, number>, firstIndent: boolean): (Paragraph | Table)[] {
  const out: (Paragraph | Table)[] = [];
  let afterBreak = true;
  for (const token of blocks) {
    if (token.type === "space") continue;
    if (token.type === "hr") {
      // A blank break (a space break) is an empty paragraph: a line of space in the text.
      out.push(new Paragraph({ alignment: AlignmentType.CENTER, children: style.sceneBreak ? [new TextRun(style.sceneBreak)] : [] }));
      afterBreak = true;
      continue;
    }
    if (token.type === "heading") {
      out.push(new Paragraph({ heading: style.inParts ? HeadingLevel.HEADING_3 : HeadingLevel.HEADING_2, children: runs(token.tokens, {}, style, notes) }));
      afterBreak = true;
      continue;
    }
    if (token.type === "list") {
      for (const item of token.items as { tokens: Token[] }[]) {
        const inline = item.tokens.flatMap((t) => ("tokens" in t && t.tokens ? t.tokens : [t]));
        out.push(new Paragraph({ bullet: { level: 0 }, children: runs(inline, {}, style, notes) }));
      }
      continue;
    }
    if (token.type === "blockquote") {
      for (const p of paragraphs(token.tokens ?? [], style, notes, false)) out.push(p);
      continue;
    }
    if (token.type === "table") {
      out.push(table(token, style, notes));
      afterBreak = true;
      continue;
    }
    const children = token.type === "code" ? [new TextRun({ text: token.text, font: "Courier New" })] : runs("tokens" in token ? token.tokens : [token], {}, style, notes);
    const indent = style.manuscript ? { firstLine: INCH / 2 } : firstIndent ? bodyIndent(style.paragraphIndent, afterBreak, style.textHalfPoints) : undefined;
    out.push(new Paragraph({ children, indent }));
    afterBreak = false;
  }
  return out;
}

/**
 * A chapter paragraph's first-line indent: two characters (Word's `firstLineChars`, which follows
 * the font; `firstLine` the same two 12-point characters for readers that know only it), half an
 * inch but after a heading or a break, or none.
 */
function bodyIndent(indent: ParagraphIndent, afterBreak: boolean, halfPoints: number): { firstLine: number; firstLineChars?: number } | undefined {
  // twips: two characters of the text's size (a half-point is 10 twips)
  if (indent === "fullWidth") return { firstLineChars: 200, firstLine: 2 * halfPoints * 10 };
  if (indent === "typographic" && !afterBreak) return { firstLine: INCH / 2 };
  return undefined;
}

function chapterParagraphs(model: DocumentModel, style: Style): (Paragraph | Table)[] {
  const out: (Paragraph | Table)[] = [];
  let nextNote = 1;
  const openings = partOpenings(model.chapters);
  model.chapters.forEach((chapter, index) => {
    // A part's title on a page of its own before its first chapter, a heading level above the chapters'.
    const part = openings.get(index);
    if (part !== undefined) {
      const newPage = index > 0 || style.manuscript || !!model.title || frontMatterPages(model).length > 0;
      out.push(new Paragraph({ heading: HeadingLevel.HEADING_1, pageBreakBefore: newPage, alignment: style.headingAlignment, spacing: { before: INCH * 3 }, children: [new TextRun(part)] }));
    }
    const { blocks, footnotes } = lexChapter(chapter.markdown);
    const notes = new Map<string, number>();
    for (const note of footnotes) {
      const number = nextNote++;
      notes.set(note.label, number);
      // A footnote's body comes lexed as paragraphs (lexChapter reads no table there), which is all Word's footnotes hold.
      style.footnotes[number] = { children: paragraphs(note.tokens, { ...style, manuscript: false }, notes, false) as Paragraph[] };
    }
    const title = chapterTitleOf(chapter, index, model.language);
    // A manuscript's chapter opens a third of the way down its page.
    const spacing = style.manuscript ? { before: INCH * 2 } : undefined;
    // The first chapter opens on a page of its own after a title page, never on it (issue 19 item 14).
    const newPage = index > 0 || style.manuscript || !!model.title || frontMatterPages(model).length > 0;
    const heading = style.inParts ? HeadingLevel.HEADING_2 : HeadingLevel.HEADING_1;
    out.push(new Paragraph({ heading, pageBreakBefore: newPage, alignment: style.headingAlignment, spacing, children: [new TextRun(title)] }));
    out.push(...paragraphs(blocks, style, notes, true));
  });
  return out;
}

/**
 * The cover page's word count as agents expect it: a novel-length text (over 40,000 words, the
 * SFWA's line) to the nearest 1,000, shorter fiction to the nearest 100.
 */
export function roundedWordCount(words: number, unit: "words" | "characters" = "words"): string {
  const step = words > 40_000 ? 1000 : 100;
  const rounded = Math.max(100, Math.round(words / step) * step);
  return `about ${rounded.toLocaleString("en-US")} ${unit}`;
}

function manuscriptWords(model: DocumentModel): number {
  // The book's own count (see server/text/prose.ts), with the chapter titles the manuscript prints:
  // of the text as typed, whose notes are comments that countProse skips.
  const rule = model.countRule ?? "words";
  return model.chapters.reduce((sum, c) => sum + countText(c.title, rule) + countProse(c.markdown, rule), 0);
}

function manuscriptSection(model: DocumentModel, typed: DocumentModel, manuscript: ManuscriptOptions, body: (Paragraph | Table)[]): ISectionOptions {
  const title = model.title?.trim() || "Untitled";
  // The contact block, its first line (the writer's legal name) beside the word count; without one, the author's name.
  const [first = manuscript.author, ...contact] = (manuscript.contact ?? "").split(/\r?\n/).filter((l) => l.trim());
  const single = { line: 240, lineRule: LineRuleType.AUTO };
  const paper = PAPER[manuscript.paper ?? "letter"];
  const pageOne = [
    new Paragraph({
      style: "Contact",
      spacing: single,
      // The word count sits against the right margin, whatever the paper.
      tabStops: [{ type: "right", position: paper.width - 2 * INCH }],
      children: [new TextRun(first), new TextRun(`\t${roundedWordCount(manuscriptWords(typed), (typed.countRule ?? "words") === "words" ? "words" : "characters")}`)],
    }),
    ...contact.map((line) => new Paragraph({ style: "Contact", spacing: single, children: [new TextRun(line)] })),
    new Paragraph({ alignment: AlignmentType.CENTER, spacing: { before: INCH * 3 }, style: "Title", children: [new TextRun(title)] }),
    new Paragraph({ style: "Author", alignment: AlignmentType.CENTER, children: [new TextRun(`by ${manuscript.author}`)] }),
  ];
  const header = new Header({
    children: [
      new Paragraph({
        alignment: AlignmentType.RIGHT,
        children: [new TextRun({ children: [`${manuscript.surname} / ${title.toUpperCase()} / `, PageNumber.CURRENT] })],
      }),
    ],
  });
  return {
    properties: { page: { size: paper, margin: { top: INCH, bottom: INCH, left: INCH, right: INCH } }, titlePage: true },
    headers: { default: header },
    children: [...pageOne, ...body, new Paragraph({ style: "End", alignment: AlignmentType.CENTER, spacing: { before: 480 }, children: [new TextRun("END")] })],
  };
}

/** `typed`: the model before its notes were shown (see ../run.ts), which the manuscript's count reads. */
export async function writeDocx(model: DocumentModel, options: WriteOptions = {}, typed: DocumentModel = model): Promise<WrittenDocument> {
  const manuscript = options.manuscript;
  const inParts = partOpenings(model.chapters).size > 0;
  // Standard Manuscript Format has one look whatever the book's theme: the theme sets a published book's.
  const theme = themeOf(model);
  const style: Style = {
    manuscript: !!manuscript,
    paragraphIndent: themedParagraphIndent(model),
    sceneBreak: sceneBreakMark(options.sceneBreak ?? (manuscript ? undefined : theme.sceneBreak), manuscript ? "#" : "* * *"),
    footnotes: {},
    inParts,
    headingAlignment: manuscript || theme.headingAlign === "center" ? AlignmentType.CENTER : AlignmentType.LEFT,
    textHalfPoints: manuscript ? 24 : Math.round(24 * theme.textScale),
  };
  const body = chapterParagraphs(model, style);
  const font = manuscript ? (manuscript.font === "times" ? "Times New Roman" : "Courier New") : theme.body.word;
  const eastAsian = eastAsianOf(model.language);
  const faces = themeFonts(theme, font, !!manuscript, !!eastAsian);
  const titlePage = model.title
    ? [
        new Paragraph({ style: "Title", alignment: AlignmentType.CENTER, spacing: { before: INCH * 2 }, children: [new TextRun(model.title)] }),
        ...(model.author ? [new Paragraph({ style: "Author", alignment: AlignmentType.CENTER, children: [new TextRun(model.author)] })] : []),
      ]
    : [];
  // The copyright and dedication each on a page of their own after the title page; a manuscript
  // for an agent carries neither (its cover page is the whole of its front matter).
  const front = manuscript ? [] : frontMatterDocx(model, titlePage.length > 0);
  const section: ISectionOptions = manuscript
    ? manuscriptSection(model, typed, manuscript, body)
    : { properties: { page: { margin: { top: INCH, bottom: INCH, left: INCH, right: INCH } } }, children: [...titlePage, ...front, ...body] };
  const document = new Document({
    title: model.title,
    creator: model.author ?? manuscript?.author,
    footnotes: style.footnotes,
    styles: {
      default: {
        document: {
          // A CJK book says its East Asian language too: without it a reader sets Han characters in the
          // application's default Asian language (LibreOffice's may be Japanese: a Japanese face).
          run: { font: faces.body, size: faces.size(24), language: model.language ? { value: model.language, ...(eastAsian && { eastAsia: eastAsian.language }) } : undefined },
          paragraph: { spacing: manuscript ? { line: 480, lineRule: LineRuleType.AUTO } : { line: faces.line, lineRule: LineRuleType.AUTO, after: faces.after } },
        },
        heading1: { run: { font: faces.heading, size: faces.headingSize(inParts ? 40 : 32), bold: faces.headingBold, color: "000000" }, paragraph: { spacing: { after: 480 } } },
        // In a book with parts, chapters are Heading 2 and look as chapters do in a book without.
        ...(inParts && { heading2: { run: { font: faces.heading, size: faces.headingSize(32), bold: faces.headingBold, color: "000000" }, paragraph: { spacing: { after: 480 } } } }),
        title: { run: { font: faces.heading, size: manuscript ? 24 : faces.headingSize(48), color: "000000" } },
      },
      // The title page's lines in styles of their own, as pandoc names them: a reader (Inkstone's,
      // pandoc's) knows the author, a manuscript's contact lines and its END for what they are.
      paragraphStyles: [
        { id: "Author", name: "Author", basedOn: "Normal", run: { font: eastAsian ? faces.body : font, size: manuscript ? 24 : 28 } },
        { id: "Contact", name: "Contact", basedOn: "Normal" },
        { id: "End", name: "End", basedOn: "Normal" },
        { id: "Copyright", name: "Copyright", basedOn: "Normal" },
        { id: "Dedication", name: "Dedication", basedOn: "Normal" },
      ],
    },
    sections: [section],
  });
  const bytes = new Uint8Array(await Packer.toBuffer(document));
  return { bytes: eastAsian ? withFontTable(bytes, [faces.body.eastAsia, ...(typeof faces.heading === "string" ? [] : [faces.heading.eastAsia])], eastAsian) : bytes, mediaType: MEDIA_TYPE, extension: "docx" };
}

/** A CJK book's East Asian language as Word tags it, and the character set its faces are described in. */
interface EastAsian {
  language: string;
  /** the font table's w:charset: 86 GB2312, 88 Big5, 80 Shift-JIS, 81 Hangul */
  charset: string;
}

/**
 * The East Asian language of a book in Chinese, Japanese or Korean; none for any other (their
 * DOCX stays as it was). Chinese in traditional characters (zh-Hant, zh-TW, zh-HK, zh-MO, yue) is
 * zh-TW or zh-HK; any other Chinese zh-CN.
 */
export function eastAsianOf(language: string | undefined): EastAsian | undefined {
  const subtags = (language ?? "").toLowerCase().split("-");
  const [primary] = subtags;
  if (primary === "zh" || primary === "yue") {
    if (subtags.includes("hk") || subtags.includes("mo") || (primary === "yue" && !subtags.includes("hans"))) return { language: "zh-HK", charset: "88" };
    if (subtags.includes("hant") || subtags.includes("tw")) return { language: "zh-TW", charset: "88" };
    return { language: "zh-CN", charset: "86" };
  }
  if (primary === "ja") return { language: "ja-JP", charset: "80" };
  if (primary === "ko") return { language: "ko-KR", charset: "81" };
  return undefined;
}

/**
 * What a reader needs to substitute a face it lacks (decision 0502): each East Asian face in the
 * font table with its native name, character set and PANOSE class, so that Word picks a face of
 * that language and kind; the `docx` library writes the table empty. SimSun (宋体) is on every
 * Windows and in Word for Mac; without it LibreOffice asks fontconfig for a face of the run's
 * language (here AR PL UKai CN; Noto Serif CJK SC where installed).
 */
function withFontTable(bytes: Uint8Array, names: readonly (string | undefined)[], eastAsian: EastAsian): Uint8Array {
  const described = [...new Set(names)].flatMap((name) => {
    const face = name === undefined ? undefined : FONT_TABLE[name];
    return face ? [`<w:font w:name="${name}">${face.altName ? `<w:altName w:val="${face.altName}"/>` : ""}<w:panose1 w:val="${face.panose}"/><w:charset w:val="${eastAsian.charset}"/><w:family w:val="${face.family}"/><w:pitch w:val="variable"/></w:font>`] : [];
  });
  if (described.length === 0) return bytes;
  const files = unzipSync(bytes);
  const table = strFromU8(files["word/fontTable.xml"]!);
  const entries = described.join("");
  // The library writes an empty table (<w:fonts …/>); should it ever write entries, ours go first.
  const filled = table.endsWith("/>") ? `${table.slice(0, -2)}>${entries}</w:fonts>` : table.replace(/(<w:fonts\b[^>]*>)/, `$1${entries}`);
  files["word/fontTable.xml"] = strToU8(filled);
  return zipSync(files);
}

/** The East Asian faces the themes name, as Windows describes them. */
const FONT_TABLE: Record<string, { altName?: string; panose: string; family: "roman" | "script" | "modern" }> = {
  SimSun: { altName: "宋体", panose: "02010600030101010101", family: "roman" },
  KaiTi: { altName: "楷体", panose: "02010609060101010101", family: "modern" },
};

/**
 * The theme (../themes.ts) as Word's styles: the faces by the names Word looks for (Latin and East
 * Asian apart), the type and line spacing scaled from Word's 12 pt and 1.25 lines, block
 * paragraphs' gap after each. A manuscript keeps Standard Manuscript Format's own.
 */
function themeFonts(theme: Theme, font: string, manuscript: boolean, eastAsianBook: boolean) {
  const east = (manuscript ? undefined : theme.cjk?.word) ?? "SimSun";
  const headingLatin = manuscript ? font : (theme.heading?.word ?? font);
  const headingEast = manuscript ? undefined : (theme.headingCjk ?? theme.heading ?? theme.cjk)?.word;
  const scale = manuscript ? 1 : theme.textScale;
  const line = manuscript ? 480 : Math.round(scaled(300, theme.lineSpacing));
  return {
    body: { ascii: font, hAnsi: font, eastAsia: east },
    // A heading without faces of its own is set in the body's, as every DOCX was before themes.
    // A CJK book's headings keep an East Asian face: the body's font name alone would ask for Han characters in Times New Roman.
    heading: headingLatin === font && !headingEast && !eastAsianBook ? font : { ascii: headingLatin, hAnsi: headingLatin, eastAsia: headingEast ?? east },
    headingBold: !manuscript && theme.headingBold,
    size: (halfPoints: number) => Math.round(halfPoints * scale),
    headingSize: (halfPoints: number) => (manuscript ? 24 : Math.round(halfPoints * theme.headingScale * scale)),
    line,
    // twips: the gap in lines of this spacing (240 twips a line at 100 %)
    after: manuscript ? 0 : Math.round(theme.paragraphGap * line),
  };
}

function frontMatterDocx(model: DocumentModel, afterTitlePage: boolean): Paragraph[] {
  return frontMatterPages(model).flatMap((page, index) =>
    page.paragraphs.map((lines, line) => {
      const first = line === 0;
      const children = lines.map((text, i) => new TextRun({ text, break: i > 0 ? 1 : 0, italics: page.kind === "dedication", size: page.kind === "copyright" ? 20 : undefined }));
      return new Paragraph({
        style: page.kind === "copyright" ? "Copyright" : "Dedication",
        alignment: page.kind === "dedication" ? AlignmentType.CENTER : AlignmentType.LEFT,
        pageBreakBefore: first && (afterTitlePage || index > 0),
        spacing: { before: first ? (page.kind === "dedication" ? INCH * 2 : INCH * 4) : 0, after: 160 },
        children,
      });
    }),
  );
}
