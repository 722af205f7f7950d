import { unwrapMarkdown } from "@/server/convert/engine/markdown/wrapped";
import { countCjkPunctuation } from "@/server/text/cjk-punctuation";
import { markdownParagraphs } from "@/server/text/prose";
import { chineseSegmenter, type Segmenter } from "@/server/text/segmenter";
import { countWords } from "@/server/text/word-count";
import { proposedChineseCast } from "./characters";
import { readQuotations } from "./dialogue";
import { loadLanguageData } from "./language-data";
import { splitNames, withoutTitles } from "./mentions";
import { loadPublishedData } from "./published-data";
import type { BookInput, ChapterTokens, PreparedBook, PreparedChapter, Sentence, Vocabulary } from "./prepared-book";
import type { Language } from "./report";
import { splitSentences } from "./sentences";
import { countHan, cutHanRuns, HAN_RUN, sentenceTokens } from "./tokens";

export interface PrepareOptions {
  /** Every character entry the run may follow (`Elizabeth|Lizzy`): the run's and its templates'. */
  names?: readonly string[];
}

/** How many of the proposed Chinese cast the segmenter is taught: the most mentioned. */
const TAUGHT_CAST = 50;

export async function prepareBook(book: BookInput, options: PrepareOptions = {}): Promise<PreparedBook> {
  await Promise.all([loadLanguageData(), loadPublishedData()]);
  const chapters = book.chapters.map((chapter, index) => prepareChapter(chapter, index + 1));
  const words = chapters.reduce((sum, chapter) => sum + chapter.words, 0);
  const han = chapters.reduce((sum, chapter) => sum + chapter.han, 0);
  const tokens = new Map<PreparedChapter, ChapterTokens>();
  const vocabulary: Vocabulary = { words: [], ids: new Map() };
  let segmenter: Segmenter | undefined;
  const prepared: PreparedBook = {
    title: book.title,
    language: languageOf(han, words),
    words,
    chapters,
    memo: new Map(),
    vocabulary,
    segmenter() {
      if (!segmenter) {
        const names = (options.names ?? []).flatMap(splitNames).map(withoutTitles);
        const cast = han > 0 ? proposedChineseCast(prepared).slice(0, TAUGHT_CAST) : [];
        segmenter = chineseSegmenter([...names, ...cast]);
      }
      return segmenter;
    },
    tokens(chapter) {
      let found = tokens.get(chapter);
      if (!found) tokens.set(chapter, (found = tokenise(chapter, vocabulary, prepared)));
      return found;
    },
  };
  return prepared;
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
  // A hard-wrapped chapter (imported before one line was one paragraph) is read in its paragraphs.
  const paragraphs = markdownParagraphs(unwrapMarkdown(chapter.content));
  const sentences: Sentence[] = [];
  let cjkPunctuation = 0;
  for (const paragraph of paragraphs) {
    for (const text of splitSentences(paragraph)) {
      const words = countWords(text);
      if (words > 0) sentences.push({ text, words, han: countHan(text) });
    }
    cjkPunctuation += countCjkPunctuation(paragraph);
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
    cjkPunctuation,
    ...readQuotations(paragraphs, countWords),
  };
}

function tokenise(chapter: PreparedChapter, vocabulary: Vocabulary, book: PreparedBook): ChapterTokens {
  const pieces: string[] = [];
  const pieceStarts: number[] = [];
  const runs: string[] = [];
  for (const sentence of chapter.sentences) {
    pieceStarts.push(pieces.length);
    sentenceTokens(sentence.text, pieces, runs);
  }
  if (runs.length === 0) return { ids: numbered(pieces, vocabulary), sentenceStarts: pieceStarts };
  // The chapter's Han runs are cut in one call, and their words put in place of each run.
  const cut = cutHanRuns(runs, book.segmenter());
  const words: string[] = [];
  const sentenceStarts: number[] = [];
  let sentence = 0;
  let run = 0;
  for (let i = 0; i < pieces.length; i++) {
    while (sentence < pieceStarts.length && pieceStarts[sentence] === i) {
      sentenceStarts.push(words.length);
      sentence++;
    }
    if (pieces[i] === HAN_RUN) for (const word of cut[run++]!) words.push(word);
    else words.push(pieces[i]!);
  }
  while (sentence++ < pieceStarts.length) sentenceStarts.push(words.length);
  return { ids: numbered(words, vocabulary), sentenceStarts };
}

function numbered(words: string[], vocabulary: Vocabulary): Int32Array {
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
  return ids;
}
