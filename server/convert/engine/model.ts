import { CJK } from "../../text/markdown-lines";

/**
 * The one document model every reader produces and every writer consumes (see docs/decisions.md,
 * issue 9): chapters of Markdown, the same text Inkstone stores for a chapter. Footnotes are
 * Markdown footnotes whose definitions sit in the chapter that cites them; a scene break is a
 * thematic break line (`***`).
 */
export interface Chapter {
  title: string;
  markdown: string;
}

export interface DocumentModel {
  title?: string;
  author?: string;
  /** BCP 47, e.g. "en" or "zh-CN" */
  language?: string;
  chapters: Chapter[];
  /**
   * What follows the book's text (an export's appendices: the story bible). Every writer prints
   * it after the last chapter, each section as a chapter (see run.ts), so no format needs code of
   * its own for it; readers never make it.
   */
  backMatter?: Chapter[];
}

export interface ManuscriptOptions {
  author: string;
  surname: string;
  /** address, e-mail, telephone: one item a line on page one */
  contact?: string;
  font?: "courier" | "times";
}

export interface ReadOptions {
  /** every format: a heading template such as "Part {n}" (see ../split-chapters.ts) */
  chapterPattern?: string;
  /** the uploaded file's name: with no format named, the worker detects it from this and the bytes */
  fileName?: string;
}

/** Book trim sizes the PDF is set in: 5 × 8, 5.5 × 8.5 and 6 × 9 in, and A5 (148 × 210 mm). */
export const TRIM_SIZES = ["5x8", "5.5x8.5", "6x9", "a5"] as const;
export type TrimSize = (typeof TRIM_SIZES)[number];

export interface WriteOptions {
  /** PDF only: the page's trim size, 6 × 9 in unless asked */
  trimSize?: TrimSize;
  /** DOCX only: Standard Manuscript Format */
  manuscript?: ManuscriptOptions;
  /** typographer's quotes, dashes and ellipses in the titles and the prose (../../text/smart-punctuation.ts) */
  smartPunctuation?: boolean;
  /** the writer's private notes (`<!-- … -->`) in the text, in brackets; left out unless asked for */
  notes?: boolean;
}

export interface WrittenDocument {
  bytes: Uint8Array;
  mediaType: string;
  extension: string;
}

export function hasCjk(text: string): boolean {
  return CJK.test(text);
}
