import { defaultShortSentence, describeChapterEnd } from "../../probes/chapter-ends";
import type { CompareSeries } from "../series";

/**
 * How each chapter ends, as the chapter openings and endings report reads it, made one kind: a
 * suspense line first (且听下文分解: the hook says so in words, whatever its mark), then the
 * last sentence's mark (a question, an exclamation or an ellipsis is the hook a reader
 * feels), then a last paragraph of dialogue, then a short last sentence; a plain statement else.
 */
export const HOOK_TYPES = ["suspense line", "question", "exclamation", "ellipsis", "dialogue", "short sentence", "statement"] as const;

export const hookTypeSeries: CompareSeries = {
  key: "hook-type",
  label: "How each chapter ends (hook type)",
  unit: "",
  categories: HOOK_TYPES,
  compute: (book) =>
    book.chapters.map((chapter) => {
      if (chapter.sentences.length === 0) return null;
      // lastSentences only shapes the report's means, not the ending; 1 reads the least
      const end = describeChapterEnd(chapter, book.language, 1, defaultShortSentence(book.language));
      if (end.hook) return "suspense line";
      if (end.ending !== "statement") return end.ending;
      if (end.onDialogue) return "dialogue";
      return end.short ? "short sentence" : "statement";
    }),
};
