import type { Segmenter } from "@/server/text/segmenter";
import type { Language } from "./report";

// What prepareBook (prepare.ts) makes of a book, apart from it: the probes and the cast finder
// that prepareBook itself calls read these shapes without importing it.

export interface BookInput {
  title: string;
  chapters: { id: string; title: string; content: string }[];
}

export interface Sentence {
  text: string;
  /** Words as `countWords` counts them: one per Han character. */
  words: number;
  han: number;
}

export interface PreparedChapter {
  id: string;
  /** 1-based position in the book. */
  number: number;
  title: string;
  /** The chapter's title, or "Chapter n" when it has none: what charts and tables show. */
  label: string;
  paragraphs: string[];
  sentences: Sentence[];
  words: number;
  han: number;
  /** CJK punctuation marks, which 字数 counts beside the Han characters (see countCjkPunctuation). */
  cjkPunctuation: number;
  /** Words spoken: inside quotation marks, letters and other documents aside. */
  dialogueWords: number;
  quotes: number;
  /** Words of quoted letters, notes and other documents (see readQuotations). */
  documentWords: number;
  documents: number;
  /** Words of speech in each paragraph (see readQuotations): the one dialogue figure, per paragraph. */
  speechByParagraph: number[];
}

export interface ChapterTokens {
  /** The chapter's words in order, each as its index in the book's vocabulary. */
  ids: Int32Array;
  /** Index in `ids` where each sentence begins, so phrases never span two sentences. */
  sentenceStarts: number[];
}

/**
 * Every distinct word met so far, numbered: counting numbers in typed arrays is several times
 * faster than counting strings in maps, and a novel's 100,000 words are a few thousand distinct ones.
 */
export interface Vocabulary {
  words: string[];
  ids: Map<string, number>;
}

/** A book read once, shared by every section of every template run on it. */
export interface PreparedBook {
  title: string;
  language: Language;
  words: number;
  chapters: PreparedChapter[];
  /** The chapter's words for frequency and echoes, worked out on first use. */
  tokens(chapter: PreparedChapter): ChapterTokens;
  vocabulary: Vocabulary;
  /**
   * The Chinese segmenter for this book: jieba taught the names the run follows (with their
   * aliases, titles stripped) and the cast the text proposes. Made on first use, once per run.
   */
  segmenter(): Segmenter;
  /** A memo any probe may keep derived, book-wide figures in. */
  memo: Map<string, unknown>;
}
