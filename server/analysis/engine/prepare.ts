import { markdownParagraphs } from "@/server/text/prose";
import { countWords } from "@/server/text/word-count";
import { quotedSpans } from "./dialogue";
import { loadLanguageData } from "./language-data";
import { loadPublishedData } from "./published-data";
import type { Language } from "./report";
import { splitSentences } from "./sentences";
import { countHan, sentenceTokens } from "./tokens";

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
  dialogueWords: number;
  quotes: number;
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
interface Vocabulary {
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
  /** A memo any probe may keep derived, book-wide figures in. */
  memo: Map<string, unknown>;
}

export async function prepareBook(book: BookInput): Promise<PreparedBook> {
  await Promise.all([loadLanguageData(), loadPublishedData()]);
  const chapters = book.chapters.map((chapter, index) => prepareChapter(chapter, index + 1));
  const words = chapters.reduce((sum, chapter) => sum + chapter.words, 0);
  const han = chapters.reduce((sum, chapter) => sum + chapter.han, 0);
  const tokens = new Map<PreparedChapter, ChapterTokens>();
  const vocabulary: Vocabulary = { words: [], ids: new Map() };
  return {
    title: book.title,
    language: languageOf(han, words),
    words,
    chapters,
    memo: new Map(),
    vocabulary,
    tokens(chapter) {
      let found = tokens.get(chapter);
      if (!found) tokens.set(chapter, (found = tokenise(chapter, vocabulary)));
      return found;
    },
  };
}

/**
 * Han characters' share of the words decides: under a tenth is English, over nine tenths
 * Chinese, anything between is mixed (a Chinese novel's English names stay far under a tenth).
 */
function languageOf(han: number, words: number): Language {
  if (words === 0 || han / words < 0.1) return "en";
  return han / words > 0.9 ? "zh" : "mixed";
}

function prepareChapter(chapter: BookInput["chapters"][number], number: number): PreparedChapter {
  const paragraphs = markdownParagraphs(chapter.content);
  const sentences: Sentence[] = [];
  let dialogueWords = 0;
  let quotes = 0;
  for (const paragraph of paragraphs) {
    for (const text of splitSentences(paragraph)) {
      const words = countWords(text);
      if (words > 0) sentences.push({ text, words, han: countHan(text) });
    }
    for (const span of quotedSpans(paragraph)) {
      dialogueWords += countWords(span);
      quotes++;
    }
  }
  const title = chapter.title.trim();
  return {
    id: chapter.id,
    number,
    title,
    label: title || `Chapter ${number}`,
    paragraphs,
    sentences,
    // Sentences split only at marks that are never inside a word, so their words add up to the
    // chapter's count without a second pass over its text.
    words: sentences.reduce((sum, sentence) => sum + sentence.words, 0),
    han: sentences.reduce((sum, sentence) => sum + sentence.han, 0),
    dialogueWords,
    quotes,
  };
}

function tokenise(chapter: PreparedChapter, vocabulary: Vocabulary): ChapterTokens {
  const words: string[] = [];
  const sentenceStarts: number[] = [];
  for (const sentence of chapter.sentences) {
    sentenceStarts.push(words.length);
    sentenceTokens(sentence.text, words);
  }
  const ids = new Int32Array(words.length);
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    let id = vocabulary.ids.get(word);
    if (id === undefined) {
      id = vocabulary.words.push(word) - 1;
      vocabulary.ids.set(word, id);
    }
    ids[i] = id;
  }
  return { ids, sentenceStarts };
}
