import { languageOfScript } from "../../../books/language";
import { DEFAULT_HEADING, headingPattern, splitAtHeadings } from "../../split-chapters";
import type { DocumentModel } from "../model";
import { keepFootnotesWithCitations } from "./chapters";

/** How much of a book's text tells its script: the first chapters' worth. */
const LANGUAGE_SAMPLE = 20_000;

/**
 * The same chapter detection for every format (issue 19, item 4). A caller's `chapterPattern`
 * decides the chapters of any document: its heading lines and paragraphs that match start one,
 * other headings stay in the text. Without a pattern, a document whose headings make fewer than
 * two chapters (a Word file whose chapters are bold or centred "Chapter 12" / "第十二章"
 * paragraphs) is split at paragraphs that are chapter headings by themselves, if there are two.
 */
export function withChapterLines(model: DocumentModel, chapterPattern: string | undefined): DocumentModel {
  if (!chapterPattern && model.chapters.filter((c) => c.title).length >= 2) return model;
  // Former headings are kept as second-level headings inside a chapter, where the pattern tests them too.
  const whole = model.chapters.map((c) => (c.title ? `## ${c.title}\n\n${c.markdown}` : c.markdown)).join("\n\n");
  const heading = chapterPattern ? headingPattern(chapterPattern) : DEFAULT_HEADING;
  const split = splitAtHeadings(whole, heading, "", { standalone: true, frontMatter: "" });
  if (!chapterPattern && split.filter((c) => c.title).length < 2) return model;
  return { ...model, chapters: keepFootnotesWithCitations(split) };
}

/**
 * The model with the language its text is written in, when its script tells one beyond doubt (a
 * Chinese novel: zh): over a language the document names from another script too, since word
 * processors stamp their own default (Word's en-US on a Chinese manuscript; 三国演义 was stored as
 * en, issue 20 item 10). A named tag of the same language is kept, being more precise (zh-TW).
 * Latin and other scripts tell too little: the named language stands, or none.
 */
export function withLanguage(model: DocumentModel): DocumentModel {
  let sample = "";
  for (const chapter of model.chapters) {
    if (sample.length >= LANGUAGE_SAMPLE) break;
    sample += `${chapter.title}\n${chapter.markdown.slice(0, LANGUAGE_SAMPLE)}\n`;
  }
  const language = languageOfScript(sample);
  if (!language) return model;
  const named = model.language?.split("-", 1)[0]!.toLowerCase();
  return named === language ? model : { ...model, language };
}
