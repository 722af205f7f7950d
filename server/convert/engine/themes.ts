import type { ParagraphIndent } from "../../text/text-rules";
import type { SceneBreak, ThemeId } from "./export-options";
import { paragraphIndentOf, type DocumentModel } from "./model";

/**
 * Book themes (issue 37 item 5, decision 0494): each a set of typographic choices declared once
 * here and mapped by every writer that sets type (the PDF's Typst template, the EPUB's CSS, the
 * DOCX's styles), never copied into each. A value is relative where the formats differ by nature
 * (print is set tighter and smaller than a screen): 1 is what each writer did before themes, so
 * `classic`, all ones and no faces of its own, writes what every export wrote before.
 */

/** A typeface as each format names it: the file Typst embeds, the family Word asks for, the CSS stack an e-reader tries. */
export interface Face {
  /** a family in assets/fonts (./writers/pdf.ts embeds a subset of it) */
  pdf: string;
  /** the family Word and LibreOffice look for on the reader's machine */
  word: string;
  /** the CSS font-family list, best first, ending with a generic family */
  css: string;
}

export const FACES = {
  serif: { pdf: "Noto Serif", word: "Times New Roman", css: "serif" },
  sans: { pdf: "Noto Sans", word: "Arial", css: '"Noto Sans","Helvetica Neue",Arial,sans-serif' },
  // 宋体 (Song/Ming): Noto Serif SC is Source Han Serif, a Song face.
  song: { pdf: "Noto Serif SC", word: "SimSun", css: '"Noto Serif CJK SC","Source Han Serif SC","Songti SC",STSong,SimSun,serif' },
  // 楷体 (Kai): AR PL UKai (Debian's fonts-arphic-ukai), the brush face Chinese books title chapters in.
  kai: { pdf: "AR PL UKai CN", word: "KaiTi", css: '"Kaiti SC",STKaiti,KaiTi,"AR PL UKai CN",serif' },
} as const satisfies Record<string, Face>;

export interface Theme {
  id: ThemeId;
  /** the face of the text; its Latin letters in a CJK book */
  body: Face;
  /** the face of Han characters and CJK punctuation; the house's (Noto Serif SC, SimSun) unless named */
  cjk?: Face;
  /** chapter, part and title-page headings; the body's faces unless named */
  heading?: Face;
  /** headings' Han characters: `heading` unless named */
  headingCjk?: Face;
  headingAlign: "center" | "left";
  headingBold: boolean;
  /** headings' size relative to each format's own */
  headingScale: number;
  /** the text's size relative to each format's own (PDF 10.5 pt, DOCX 12 pt, EPUB the reader's) */
  textScale: number;
  /** the space between lines relative to each format's own (PDF 0.62 em of leading, DOCX 1.25 lines, EPUB 1.5) */
  lineSpacing: number;
  /** `book`: the book's own indent (decision 0491); else the theme's, whatever the book says */
  paragraphIndent: "book" | ParagraphIndent;
  /** space between paragraphs, in lines: 0 for indented paragraphs, more for block paragraphs */
  paragraphGap: number;
  /** the scene break's ornament when the export names none */
  sceneBreak: SceneBreak;
}

export const THEME_DEFINITIONS: Record<ThemeId, Theme> = {
  // What every export was before themes: Noto Serif (Times New Roman in Word), centred bold titles, the book's indent, * * *.
  classic: { id: "classic", body: FACES.serif, headingAlign: "center", headingBold: true, headingScale: 1, textScale: 1, lineSpacing: 1, paragraphIndent: "book", paragraphGap: 0, sceneBreak: "stars" },
  // Sans-serif titles set left over serif text, block paragraphs (no indent, half a line between), an asterism.
  modern: { id: "modern", body: FACES.serif, heading: FACES.sans, headingAlign: "left", headingBold: false, headingScale: 1.3, textScale: 1, lineSpacing: 1.08, paragraphIndent: "none", paragraphGap: 0.5, sceneBreak: "asterism" },
  // 宋体 text, 楷体 titles, every paragraph two characters in (首行缩进, decision 0491's fullWidth), looser lines as Chinese books set them.
  chinese: {
    id: "chinese",
    body: FACES.serif,
    cjk: FACES.song,
    heading: FACES.serif,
    headingCjk: FACES.kai,
    headingAlign: "center",
    headingBold: false,
    headingScale: 1.15,
    textScale: 1,
    lineSpacing: 1.35,
    paragraphIndent: "fullWidth",
    paragraphGap: 0,
    sceneBreak: "stars",
  },
};

/** The theme a document is set in: its own (the book's, or the export's choice), else classic. */
export function themeOf(model: DocumentModel): Theme {
  return THEME_DEFINITIONS[model.theme ?? "classic"] ?? THEME_DEFINITIONS.classic;
}

/** The paragraph indent a themed format sets: the theme's, or the book's when the theme leaves it to the book. */
export function themedParagraphIndent(model: DocumentModel): ParagraphIndent {
  const theme = themeOf(model);
  return theme.paragraphIndent === "book" ? paragraphIndentOf(model) : theme.paragraphIndent;
}

/** A number as a writer prints it: at most three decimals, so that 0.62 × 1 stays "0.62". */
export function scaled(base: number, factor: number): number {
  return Math.round(base * factor * 1000) / 1000;
}
