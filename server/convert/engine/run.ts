import { AppError } from "../../errors";
import { smartenMarkdown } from "../../text/smart-punctuation";
import { replaceNotes, withoutNotes } from "../../text/notes";
import { assertContentMatches, detectFormat } from "./detect";
import type { FormatInfo, NativeReadable, NativeWritable } from "./formats";
import type { DocumentModel, ReadOptions, WriteOptions, WrittenDocument } from "./model";
import { withChapterLines, withLanguage } from "./markdown/chapter-lines";
import { withoutTitlePage } from "./markdown/title-page";
import { withoutBoilerplate } from "./markdown/boilerplate";
import { requireReadable, requireWritable } from "./require-format";
import { storableModel, storableOptions } from "./storable-model";
import { readDocx } from "./readers/docx";
import { readEpub } from "./readers/epub";
import { readHtml } from "./readers/html";
import { readMarkdown } from "./readers/markdown";
import { readWithPandoc } from "./readers/pandoc";
import { readRtf } from "./readers/rtf";
import { readText } from "./readers/text";
import { writeDocx } from "./writers/docx";
import { writeEpub } from "./writers/epub";
import { writeHtml } from "./writers/html";
import { writeMarkdown } from "./writers/markdown";
import { writeOdt } from "./writers/odt";
import { writeWithPandoc } from "./writers/pandoc";
import { writePdf } from "./writers/pdf";
import { writeText } from "./writers/text";

/** The engine on the current thread: N readers into the model, N writers out of it. */

type Reader = (bytes: Uint8Array, options: ReadOptions) => DocumentModel | Promise<DocumentModel>;
/**
 * `typed` is the model as the writer typed it, before notes are shown and punctuation smartened,
 * and without its back matter: what a writer counts (notes and appendices are never counted),
 * where `model` is what it prints.
 */
type Writer = (model: DocumentModel, options: WriteOptions, typed: DocumentModel) => WrittenDocument | Promise<WrittenDocument>;

// One function per native format the table (formats.ts) marks readable or writable: `satisfies`
// refuses a missing one and one the table does not mark; the rest go through pandoc.
const READERS: Readonly<Record<string, Reader>> = {
  md: readMarkdown,
  txt: readText,
  html: readHtml,
  docx: readDocx,
  epub: readEpub,
  rtf: readRtf,
} satisfies Record<NativeReadable, Reader>;

const WRITERS: Readonly<Record<string, Writer>> = {
  md: writeMarkdown,
  txt: writeText,
  html: writeHtml,
  docx: writeDocx,
  epub: writeEpub,
  pdf: writePdf,
  odt: writeOdt,
} satisfies Record<NativeWritable, Writer>;

/** The format named, checked against the content; or, none named, the one the file's name and content say. */
function formatToRead(bytes: Uint8Array, id: string | undefined, fileName = "document"): FormatInfo {
  // detectFormat checks the content against a format its name gives.
  if (id === undefined) return requireReadable(detectFormat(fileName, bytes));
  const format = requireReadable(id);
  assertContentMatches(format, bytes);
  return format;
}

export async function readHere(bytes: Uint8Array, id: string | undefined, options: ReadOptions = {}): Promise<DocumentModel> {
  const format = formatToRead(bytes, id, options.fileName);
  const reader = READERS[format.id];
  try {
    const model = storableModel(await (reader ? reader(bytes, options) : readWithPandoc(bytes, format.id)));
    // Plain text is split at its lines by its reader; every other format here, the same way.
    // Project Gutenberg's wrapping goes first, so that no line of its licence is taken for a chapter.
    const book = withoutBoilerplate(model);
    return withLanguage(withoutTitlePage(format.id === "txt" ? book : withChapterLines(book, options.chapterPattern)));
  } catch (error) {
    // A reader that trips over a document (a library's TypeError, a bad escape) met a document it
    // cannot read: the caller's 422, not our 500.
    if (error instanceof AppError) throw error;
    throw new AppError("corrupt_document", `The document (${format.name}) could not be read; it is damaged or not what it claims to be (${(error as Error)?.message ?? String(error)}).`);
  }
}

/**
 * The model with the writer's private notes left out, or, asked for, shown: as the comments they
 * are in Markdown, as bracketed text everywhere else (a reader of any format sees them, and no
 * writer escapes them into visible markup).
 */
function withNotes(model: DocumentModel, id: string, include: boolean): DocumentModel {
  const notes = !include ? withoutNotes : id === "md" ? (text: string) => text : (text: string) => replaceNotes(text, (inner) => `\\[${inner.trim()}\\]`);
  return { ...model, chapters: model.chapters.map((chapter) => ({ ...chapter, markdown: notes(chapter.markdown) })) };
}

export async function writeHere(stored: DocumentModel, id: string, stated: WriteOptions = {}): Promise<WrittenDocument> {
  const format = requireWritable(id);
  const model = storableModel(stored);
  const options = storableOptions(stated);
  const writer = WRITERS[id];
  // Every writer reads the same model, so each option holds for every format.
  // Smartened before the notes are shown, so that a note stays as typed (smartening passes over comments).
  // `model` stays the book alone for `typed`: a manuscript's word count is the book's, appendix or not.
  const whole = withBackMatter(model);
  const smart = options.smartPunctuation ? smartened(whole) : whole;
  const written = withNotes(smart, id, options.notes ?? false);
  try {
    return await (writer ? writer(written, options, model) : writeWithPandoc(written, id, options));
  } catch (error) {
    // The model is the writer's own text, and some text (thousands of nested quotes, a library's
    // recursion past the stack) cannot be written: the caller's 422, never a 500.
    if (error instanceof AppError) throw error;
    throw new AppError("document_too_complex", `The text could not be written as ${format.name}: it is nested too deeply or too unusual for the writer (${(error as Error)?.message ?? String(error)}).`);
  }
}

/** Back matter printed as chapters after the book's own, for every writer alike. */
function withBackMatter(model: DocumentModel): DocumentModel {
  if (!model.backMatter?.length) return model;
  const { backMatter, ...rest } = model;
  return { ...rest, chapters: [...model.chapters, ...backMatter] };
}

function smartened(model: DocumentModel): DocumentModel {
  return {
    ...model,
    title: model.title === undefined ? undefined : smartenMarkdown(model.title),
    ...(model.frontMatter && {
      frontMatter: {
        copyright: model.frontMatter.copyright === undefined ? undefined : smartenMarkdown(model.frontMatter.copyright),
        dedication: model.frontMatter.dedication === undefined ? undefined : smartenMarkdown(model.frontMatter.dedication),
      },
    }),
    chapters: model.chapters.map((chapter) => ({
      title: smartenMarkdown(chapter.title),
      markdown: smartenMarkdown(chapter.markdown),
      ...(chapter.part !== undefined && { part: smartenMarkdown(chapter.part) }),
      ...(chapter.kind !== undefined && { kind: chapter.kind }),
    })),
  };
}

export async function convertHere(bytes: Uint8Array, from: string | undefined, to: string, options: ReadOptions & WriteOptions = {}): Promise<WrittenDocument> {
  requireWritable(to);
  const model = await readHere(bytes, from, options);
  // An e-book must have a title: one made from a document that names none is called after the
  // file, as an import calls its book, never after its first chapter (the EPUB writer's fallback).
  // Other formats print no title the document does not have.
  const named = to === "epub" ? model.title?.trim() || options.fileName?.replace(/\.[^.]*$/, "").trim() : undefined;
  return writeHere(named ? { ...model, title: named } : model, to, options);
}
