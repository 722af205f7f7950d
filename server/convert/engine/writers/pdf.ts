import path from "node:path";
import PDFDocument from "pdfkit";
import { CJK_OR_FULL_WIDTH } from "../../../text/markdown-lines";
import { lexChapter, plainText, type Token } from "../markdown/tokens";
import { hasCjk, type DocumentModel, type WrittenDocument } from "../model";

/**
 * PDF with pdfkit on a 6 × 9 in trade page. Fonts are files of the app (assets/fonts, with their
 * licence) and are embedded as subsets (pdfkit subsets TrueType fonts): Noto Serif for Latin text,
 * and Noto Serif SC for the runs of CJK characters in a book that has any (pdfkit does no font
 * fallback, so each run of text is given the font that has its glyphs).
 */

// turbopackIgnore: otherwise `next build` takes the path for an import of every file under the
// app's root (README.md, docs …) and fails on them.
const font = (file: string) => path.join(/* turbopackIgnore: true */ process.cwd(), "assets", "fonts", file);

interface Fonts {
  regular: string;
  italic: string;
  bold: string;
  boldItalic: string;
}

function latinFonts(): Fonts {
  return {
    regular: font("NotoSerif_400Regular.ttf"),
    italic: font("NotoSerif_400Regular_Italic.ttf"),
    bold: font("NotoSerif_700Bold.ttf"),
    boldItalic: font("NotoSerif_700Bold_Italic.ttf"),
  };
}

/** Noto Serif SC has no italic: emphasis in CJK runs stays upright, as CJK typesetting usually does. */
function cjkFonts(): Fonts {
  const regular = font("NotoSerifSC_400Regular.ttf");
  const bold = font("NotoSerifSC_700Bold.ttf");
  return { regular, italic: regular, bold, boldItalic: bold };
}

const CJK_RUN = new RegExp(`(${CJK_OR_FULL_WIDTH.source}+)`, "u");

interface Segment {
  text: string;
  bold?: boolean;
  italic?: boolean;
  small?: boolean;
}

function segments(tokens: readonly Token[] | undefined, marks: Omit<Segment, "text"> = {}): Segment[] {
  const out: Segment[] = [];
  for (const token of tokens ?? []) {
    if (token.type === "strong") out.push(...segments(token.tokens, { ...marks, bold: true }));
    else if (token.type === "em") out.push(...segments(token.tokens, { ...marks, italic: true }));
    else if (token.type === "footnoteRef") out.push({ text: `[${(token as unknown as { id: string }).id}]`, small: true });
    else if (token.type === "br") out.push({ ...marks, text: "\n" });
    else if ("tokens" in token && token.tokens && token.type !== "codespan") out.push(...segments(token.tokens, marks));
    else {
      const text = plainText([token]);
      if (text) out.push({ ...marks, text });
    }
  }
  return out;
}

const SIZE = 11;

// About a line's worth of Latin text at SIZE on the page's 324 pt measure.
const LONG_WORD = 50;
const SPACE = /\s/;

/**
 * The text with every run of more than LONG_WORD non-space characters hard-broken into lines of
 * LONG_WORD. pdfkit breaks a word wider than the line itself, but measures the whole rest of the
 * word again for every line it cuts: quadratic, so a valid chapter of one 5 MiB "word" exhausted
 * a worker's memory. CJK runs are not passed here: they break between any two characters.
 */
function breakLongWords(text: string): string {
  if (text.length <= LONG_WORD) return text;
  const pieces: string[] = [];
  let start = 0;
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // A low surrogate stays with its high one.
    if (code >= 0xdc00 && code <= 0xdfff) continue;
    if (SPACE.test(text[i]!)) run = 0;
    else if (++run > LONG_WORD) {
      pieces.push(text.slice(start, i), "\n");
      start = i;
      run = 1;
    }
  }
  pieces.push(text.slice(start));
  return pieces.join("");
}

export async function writePdf(model: DocumentModel): Promise<WrittenDocument> {
  const everything = [model.title ?? "", model.author ?? "", ...model.chapters.flatMap((c) => [c.title, c.markdown])].join("\n");
  const font = latinFonts();
  const cjk = hasCjk(everything) ? cjkFonts() : null;
  const doc = new PDFDocument({
    size: [432, 648],
    margins: { top: 54, bottom: 60, left: 54, right: 54 },
    font: font.regular,
    bufferPages: true,
    info: { Title: model.title ?? "", Author: model.author ?? "" },
    lang: model.language,
    displayTitle: true,
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve) => doc.on("end", () => resolve()));
  const fontOf = (s: Segment & { cjk?: boolean }) => {
    const family = s.cjk && cjk ? cjk : font;
    return s.bold && s.italic ? family.boldItalic : s.bold ? family.bold : s.italic ? family.italic : family.regular;
  };
  const byScript = (parts: Segment[]): (Segment & { cjk?: boolean })[] =>
    (cjk ? parts.flatMap((part) => part.text.split(CJK_RUN).map((text, i) => ({ ...part, text, cjk: i % 2 === 1 }))) : parts).map((part: Segment & { cjk?: boolean }) =>
      part.cjk ? part : { ...part, text: breakLongWords(part.text) },
    );

  const paragraph = (parts: Segment[], options: { indent?: number; align?: "left" | "center" } = {}) => {
    const line = byScript(parts).filter((p) => p.text.length > 0);
    if (line.length === 0) return;
    line.forEach((part, index) => {
      doc.font(fontOf(part)).fontSize(part.small ? SIZE * 0.7 : SIZE);
      doc.text(part.text, { continued: index < line.length - 1, indent: index === 0 ? (options.indent ?? 0) : 0, align: options.align ?? "left", lineGap: 3 });
    });
  };

  const heading = (text: string, size: number, bold = true, align: "left" | "center" = "center") => {
    const line = byScript([{ text, bold }]).filter((p) => p.text.length > 0);
    line.forEach((part, index) => doc.font(fontOf(part)).fontSize(size).text(part.text, { continued: index < line.length - 1, align }));
  };

  const blocks = (tokens: readonly Token[], firstIndent: boolean) => {
    let indent = false;
    for (const token of tokens) {
      if (token.type === "space") continue;
      if (token.type === "hr") {
        doc.moveDown(0.5);
        paragraph([{ text: "* * *" }], { align: "center" });
        doc.moveDown(0.5);
        indent = false;
      } else if (token.type === "list") {
        for (const item of token.items as { tokens: Token[] }[]) paragraph([{ text: "•  " }, ...segments(item.tokens.flatMap((t) => ("tokens" in t && t.tokens ? t.tokens : [t])))]);
      } else if (token.type === "blockquote") {
        blocks(token.tokens ?? [], false);
      } else if (token.type === "heading") {
        doc.moveDown(0.5);
        paragraph(segments(token.tokens, { bold: true }));
        indent = false;
      } else {
        paragraph("tokens" in token && token.tokens ? segments(token.tokens) : [{ text: plainText([token]) }], { indent: firstIndent && indent ? SIZE * 1.5 : 0 });
        indent = true;
      }
    }
  };

  if (model.title) {
    doc.moveDown(8);
    heading(model.title, 24);
    if (model.author) {
      doc.moveDown(1);
      heading(model.author, 14, false);
    }
  }
  model.chapters.forEach((chapter, index) => {
    if (model.title || index > 0) doc.addPage();
    const title = chapter.title.trim() || `Chapter ${index + 1}`;
    doc.outline.addItem(title);
    doc.moveDown(4);
    heading(title, 18);
    doc.moveDown(1.5);
    const { blocks: body, footnotes } = lexChapter(chapter.markdown);
    blocks(body, true);
    if (footnotes.length > 0) {
      doc.moveDown(1);
      heading("Notes", SIZE, true, "left");
      for (const note of footnotes) {
        const parts = note.tokens.filter((t) => t.type !== "space").flatMap((t) => ("tokens" in t && t.tokens ? segments(t.tokens) : [{ text: plainText([t]) }]));
        paragraph([{ text: `${note.number}. ` }, ...parts]);
      }
    }
  });
  // Page numbers at the foot, once the page count is known.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    if (i === 0 && model.title) continue;
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font(font.regular).fontSize(9).text(String(i + 1), 0, doc.page.height - 36, { width: doc.page.width, align: "center" });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  await done;
  return { bytes: new Uint8Array(Buffer.concat(chunks)), mediaType: "application/pdf", extension: "pdf" };
}
