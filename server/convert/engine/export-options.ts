// The choices an export offers, as constants the request schemas (../schemas.ts) and the writers
// share: plain data, so that a client checking an export's options loads no part of the engine.

/** What a scene break prints as: `* * *`, `#`, `⁂`, or a blank line (a space break). */
export const SCENE_BREAKS = { stars: "* * *", hash: "#", asterism: "⁂", blank: "" } as const;
export type SceneBreak = keyof typeof SCENE_BREAKS;

/** Standard Manuscript Format's paper: US Letter (8.5 × 11 in) or A4. */
export const MANUSCRIPT_PAPER = ["letter", "a4"] as const;
export type ManuscriptPaper = (typeof MANUSCRIPT_PAPER)[number];
/** Standard Manuscript Format's typeface: Courier New (the default) or Times New Roman, 12 pt. */
export const MANUSCRIPT_FONTS = ["courier", "times"] as const;
export type ManuscriptFont = (typeof MANUSCRIPT_FONTS)[number];

/**
 * Book trim sizes the PDF is set in: 5 × 8, 5.25 × 8, 5.5 × 8.5 and 6 × 9 in, A5 (148 × 210 mm),
 * and for Chinese print 大32开 (140 × 203 mm) and 16开 (185 × 260 mm), named by their millimetres.
 * Their dimensions are in ./print.ts.
 */
export const TRIM_SIZES = ["5x8", "5.25x8", "5.5x8.5", "6x9", "a5", "140x203mm", "185x260mm"] as const;
export type TrimSize = (typeof TRIM_SIZES)[number];

/** How each trim size is named to a writer (the export dialog, the CLI's help). */
export const TRIM_SIZE_LABELS: Record<TrimSize, string> = {
  "5x8": "5 × 8 in",
  "5.25x8": "5.25 × 8 in",
  "5.5x8.5": "5.5 × 8.5 in",
  "6x9": "6 × 9 in",
  a5: "A5 (148 × 210 mm)",
  "140x203mm": "大32开 (140 × 203 mm)",
  "185x260mm": "16开 (185 × 260 mm)",
};

/** The paper a printed book's interior is on: it sets the spine's width (./print.ts). */
export const PAPERS = ["white", "cream", "colour"] as const;
export type Paper = (typeof PAPERS)[number];

/**
 * Plain text as web-novel platforms (起点, 番茄) take it (issue 32 item 4, decision 0486). Each is a
 * choice of the `txt` export only:
 * - layout: `plain`, paragraphs as the writer typed them; `platform`, every paragraph indented with
 *   exactly two ideographic spaces whatever the stored text holds, chapter titles alone on a line;
 * - paragraphSpacing: a blank line between paragraphs (`blank`, the default) or none;
 * - lineEndings: `lf` (the default) or `crlf`, for Windows tools and the platforms' uploaders;
 * - encoding: `utf-8` (the default) or `gb18030`, which older Chinese tools expect;
 * - split: the whole book in one file (`book`), or a zip of one file per chapter (`chapters`).
 */
export const TEXT_LAYOUTS = ["plain", "platform"] as const;
export type TextLayout = (typeof TEXT_LAYOUTS)[number];
export const PARAGRAPH_SPACINGS = ["blank", "none"] as const;
export type ParagraphSpacing = (typeof PARAGRAPH_SPACINGS)[number];
export const LINE_ENDINGS = ["lf", "crlf"] as const;
export type LineEndings = (typeof LINE_ENDINGS)[number];
export const TEXT_ENCODINGS = ["utf-8", "gb18030"] as const;
export type TextEncoding = (typeof TEXT_ENCODINGS)[number];
export const TEXT_SPLITS = ["book", "chapters"] as const;
export type TextSplit = (typeof TEXT_SPLITS)[number];

export interface TextOptions {
  layout?: TextLayout;
  paragraphSpacing?: ParagraphSpacing;
  lineEndings?: LineEndings;
  encoding?: TextEncoding;
  split?: TextSplit;
}

/** The option names above, for the checks that they go with format=txt only. */
export const TEXT_OPTION_NAMES = ["layout", "paragraphSpacing", "lineEndings", "encoding", "split"] as const satisfies readonly (keyof TextOptions)[];

/**
 * A book's theme (issue 37 item 5, decision 0494): the typography its PDF, EPUB and DOCX are set
 * in, declared once in ./themes.ts. `classic` is the look every export had before themes.
 */
export const THEMES = ["classic", "modern", "chinese"] as const;
export type ThemeId = (typeof THEMES)[number];

/** How each theme is named to a writer (the export dialog, the book's settings, the CLI's help). */
export const THEME_LABELS: Record<ThemeId, string> = {
  classic: "Classic (Noto Serif, centred bold titles)",
  modern: "Modern (sans-serif titles set left, block paragraphs)",
  chinese: "中文 (宋体 text, 楷体 titles, 首行缩进)",
};
