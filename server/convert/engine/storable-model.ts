import { storableText } from "../../text/storable-text";
import type { Chapter, DocumentModel, WriteOptions } from "./model";

// A numeric character reference is a character to Markdown and to pandoc, which printed `&#1;` as
// U+0001 into FB2: one that names a character no document can hold is taken out with them.
const NUMERIC_REFERENCE = /&#(?:[xX]([0-9a-fA-F]{1,8})|([0-9]{1,10}));/g;
const storableMarkdown = (markdown: string) =>
  storableText(markdown).replace(NUMERIC_REFERENCE, (whole, hex: string | undefined, decimal: string | undefined) => {
    const code = hex === undefined ? Number(decimal) : parseInt(hex, 16);
    const character = code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "";
    return character !== "" && storableText(character) === character ? whole : "";
  });

const storableChapter = (chapter: Chapter): Chapter => ({
  title: storableMarkdown(chapter.title),
  markdown: storableMarkdown(chapter.markdown),
  ...(chapter.part !== undefined && { part: storableMarkdown(chapter.part) }),
  ...(chapter.kind !== undefined && { kind: chapter.kind }),
});
const optional = (text: string | undefined) => (text === undefined ? undefined : storableText(text));

/**
 * The model with every piece of its text storable (../../text/storable-text.ts): what a reader
 * brings in, and what a writer prints, whatever was stored before control characters were
 * dropped on the way in. No writer then has to know which characters its format forbids.
 */
export function storableModel(model: DocumentModel): DocumentModel {
  const { frontMatter, backMatter } = model;
  return {
    ...model,
    title: optional(model.title),
    author: optional(model.author),
    language: optional(model.language),
    ...(frontMatter && { frontMatter: { copyright: optional(frontMatter.copyright), dedication: optional(frontMatter.dedication) } }),
    chapters: model.chapters.map(storableChapter),
    ...(backMatter && { backMatter: backMatter.map(storableChapter) }),
  };
}

/** The manuscript's page-one lines, storable as the model's text is. */
export function storableOptions(options: WriteOptions): WriteOptions {
  const { manuscript } = options;
  if (!manuscript) return options;
  return { ...options, manuscript: { ...manuscript, author: storableText(manuscript.author), surname: storableText(manuscript.surname), contact: optional(manuscript.contact) } };
}
