import type { DocumentModel } from "../model";
import { unescapeInline } from "./chapters";

/** A title or a byline is a short line; a longer one is prose. */
const MAX_LINE = 100;
/** How a sentence ends: a title page's lines do not. */
const SENTENCE_END = /[.!?,;:…。！？，；：]$/u;

/**
 * The model without a title page read as text (issue 19, item 9): the lines above the first
 * chapter that a writer's export prints (the title, "by" the author) would come back as a chapter.
 * Those lines are dropped when they are the title and author the document names; a document that
 * names neither (plain text, Typst) is taken to open with a title page when it holds exactly two
 * short lines that end no sentence, the title and the author, which become its metadata.
 */
export function withoutTitlePage(model: DocumentModel): DocumentModel {
  const [first, ...rest] = model.chapters;
  if (!first || first.title || rest.length === 0) return model;
  const lines = first.markdown.split(/\n\s*\n/).map(plainLine).filter(Boolean);
  const known = [model.title, model.author, model.author && `by ${model.author}`].filter((v): v is string => !!v).map(plainLine);
  // A title page sets its lines as it likes: PRIDE AND PREJUDICE, By Jane Austen.
  const named = new Set(known.map((line) => line.toLowerCase()));
  if (known.length > 0) return lines.every((line) => named.has(line.toLowerCase())) ? { ...model, chapters: rest } : model;
  if (lines.length !== 2 || lines.some((line) => line.length > MAX_LINE || SENTENCE_END.test(line))) return model;
  return { ...model, title: lines[0], author: lines[1]!.replace(/^by\s+/i, ""), chapters: rest };
}

/** A paragraph as one line of plain text: no emphasis, escapes or hard breaks. */
function plainLine(paragraph: string): string {
  return unescapeInline(paragraph.replace(/\\$/gm, "").replace(/\s+/g, " ")).replace(/\s+/g, " ").trim();
}
