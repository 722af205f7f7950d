import type { AccessibilityClaim } from "./accessibility-claim";
import { newChapterTitle } from "../../books/language";
import { CJK } from "../../text/markdown-lines";
import type { CountRule, ParagraphIndent } from "../../text/text-rules";
import type { ManuscriptFont, ManuscriptPaper, SceneBreak, TextOptions, ThemeId, TrimSize } from "./export-options";

/**
 * The one document model every reader produces and every writer consumes (see
 * docs/decisions/0125-one-model-chapters-of-markdown.md, issue 9): chapters of Markdown, the same
 * text Inkstone stores for a chapter. Footnotes are Markdown footnotes whose definitions sit in the
 * chapter that cites them; a scene break is a thematic break line (`***`).
 */
export interface Chapter {
  title: string;
  markdown: string;
  /**
   * The part (卷, Part One) the chapter belongs to, by its title; none outside any part. Chapters of
   * one part follow each other: readers set it from part headings, and writers print a part-title
   * page where it changes (decision 0488).
   */
  part?: string;
  /**
   * Back matter only: which page this is (decision 0495), so that a writer gives it its own
   * document and semantics (an EPUB's epub:type and landmarks); a chapter and an appendix have none.
   */
  kind?: BackMatterPageKind;
}

/** The back-matter pages a book may print after its last chapter, in the order they print. */
export type BackMatterPageKind = "acknowledgements" | "aboutAuthor" | "alsoBy";

export interface DocumentModel {
  title?: string;
  author?: string;
  /** BCP 47, e.g. "en" or "zh-CN" */
  language?: string;
  /**
   * How paragraphs open (../../text/paragraph-indent.ts): a book's setting; a document converted
   * without a book, its language's (see paragraphIndentOf)
   */
  paragraphIndent?: ParagraphIndent;
  /**
   * the typography of its PDF, EPUB and DOCX (./themes.ts, decision 0494): the book's theme, or the
   * export's choice over it; classic unless said. In the model, not the options, so that a queued
   * export's snapshot carries it.
   */
  theme?: ThemeId;
  /** how the document's length is counted where a writer states it (the manuscript's page one); words unless said */
  countRule?: CountRule;
  /** what a printed book carries before chapter 1 besides its title page (issue 19 item 14) */
  frontMatter?: FrontMatter;
  /** EPUB: the writer's conformance claim, with who evaluated the book (./accessibility-claim.ts) */
  accessibilityClaim?: AccessibilityClaim;
  /** EPUB: the book's cover (JPEG, PNG or GIF, sniffed when it was set); base64 so the model stays JSON */
  cover?: { mediaType: string; base64: string };
  chapters: Chapter[];
  /**
   * What follows the book's text (an export's appendices: the story bible). Every writer prints
   * it after the last chapter, each section as a chapter (see run.ts), so no format needs code of
   * its own for it; readers never make it.
   */
  backMatter?: Chapter[];
}

/** Plain text the writer gives; a line break starts a new line, a blank line a new paragraph. */
export interface FrontMatter {
  copyright?: string;
  dedication?: string;
}

export interface ManuscriptOptions {
  author: string;
  surname: string;
  /** page one's contact block, a line each: legal name (beside the word count), address, e-mail, telephone, agent; without it, the author */
  contact?: string;
  font?: ManuscriptFont;
  /** US Letter unless asked */
  paper?: ManuscriptPaper;
}

export interface ReadOptions {
  /** every format: a heading template such as "Part {n}" (see ../split-chapters.ts) */
  chapterPattern?: string;
  /** the uploaded file's name: with no format named, the worker detects it from this and the bytes */
  fileName?: string;
}

export interface WriteOptions {
  /** PDF only: the page's trim size, 6 × 9 in unless asked */
  trimSize?: TrimSize;
  /** PDF only: every chapter opens on a right-hand page (else only the first) */
  rightHandChapters?: boolean;
  /** PDF only: PDF/X-3 through Ghostscript (writers/pdfx.ts) */
  pdfx?: boolean;
  /** PDF only: also these first pages as PNG images (the export dialog's preview, decision 0494) */
  previewPages?: number;
  /** what a scene break prints as in every format that prints one; each writer's own mark unless asked */
  sceneBreak?: SceneBreak;
  /** DOCX only: Standard Manuscript Format */
  manuscript?: ManuscriptOptions;
  /** typographer's quotes, dashes and ellipses in the titles and the prose (../../text/smart-punctuation.ts) */
  smartPunctuation?: boolean;
  /** the writer's private notes (`<!-- … -->`) in the text, in brackets; left out unless asked for */
  notes?: boolean;
  /** plain text only: the platforms' layout, line endings, encoding, one file or a zip of chapters */
  text?: TextOptions;
}

export interface WrittenDocument {
  bytes: Uint8Array;
  mediaType: string;
  extension: string;
  /** PDF: its page count, which the cover's spine is measured from */
  pages?: number;
  /** PDF with `previewPages`: its first pages as PNG images */
  previewImages?: Uint8Array[];
}

export function hasCjk(text: string): boolean {
  return CJK.test(text);
}

/**
 * The paragraph indent a document is set with: its book's, else what its language's books start
 * with (two characters for Chinese, the typographic indent for the rest: what the writers did
 * before the setting existed, decision 0491).
 */
export function paragraphIndentOf(model: DocumentModel): ParagraphIndent {
  if (model.paragraphIndent) return model.paragraphIndent;
  const language = (model.language ?? "").split("-", 1)[0]!.toLowerCase();
  return language === "zh" || language === "yue" ? "fullWidth" : "typographic";
}

/**
 * What a writer prints for a chapter: its title, or for an untitled one what its book's language
 * calls it ("第3章" in a Chinese book, "Chapter 3" in an English one or a document without a language).
 */
export function chapterTitleOf(chapter: Pick<Chapter, "title">, index: number, language: string | undefined): string {
  return chapter.title.trim() || newChapterTitle(index + 1, language ?? "en");
}
