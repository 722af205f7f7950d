import type { Principal } from "../auth/principal";
import { withoutParagraphIndents } from "../text/paragraph-indent";
import { asCountRule, asParagraphIndent } from "../text/text-rules";
import { authorize } from "../auth/scopes";
import { bookBackMatterPages } from "../back-matter/book-pages";
import { bibleAppendix } from "../bible/appendix";
import { loadBook, type LoadedBook } from "../books/access";
import { can } from "../books/policy";
import { readBookCover } from "../books/cover";
import { asTheme, storedAccessibilityClaim, type BookRow } from "../books/schemas";
import { sql } from "../db";
import { AppError } from "../errors";
import { namedMediaType } from "../request/accept";
import { leadingHeading } from "../text/markdown-heading";
import { outlineChapters } from "../plan/outline-document";
import { choosesPart, keptScenesText, resolveCompileChoice, type CompileSelection } from "./compile-selection";
import { safeFileName } from "./file-name";
import { enqueueJob } from "../jobs/enqueue-job";
import { writeDocument } from "./engine";
import { pdfxAvailable } from "./engine/writers/pdfx";
import { TEXT_OPTION_NAMES, THEMES, type ManuscriptFont, type ManuscriptPaper, type SceneBreak, type TextOptions, type ThemeId, type TrimSize } from "./engine/export-options";
import type { DocumentModel } from "./engine/model";
import type { Conversion } from "./convert-document";
import { requireFormat, writableFormats, type Format } from "./formats";
import { exportJob } from "./jobs";
import { INLINE_EXPORT_WORDS } from "./schemas";
import { CONVERSION_TIMEOUT_MS } from "./time-limit";

export interface ExportBookOptions {
  bookId: string;
  /** a format id; when absent, the request's Accept header chooses */
  format?: string;
  accept?: string | null;
  /** Standard Manuscript Format (DOCX only) */
  manuscript?: boolean;
  /** typographer's quotes, dashes and ellipses, made in the worker as the book is written */
  smartPunctuation?: boolean;
  /** include the writer's private notes */
  notes?: boolean;
  /** the PDF's trim size */
  trimSize?: TrimSize;
  /** PDF, EPUB, DOCX: the theme to set the book in, over the book's own (decision 0494); checked by requireTheme */
  theme?: string;
  /** PDF: every chapter opens on a right-hand page */
  rightHandChapters?: boolean;
  /** PDF: PDF/X-3 through Ghostscript */
  pdfx?: boolean;
  /** front matter after the title page (issue 19 item 14) */
  copyright?: string;
  dedication?: string;
  /** what a scene break prints as */
  sceneBreak?: SceneBreak;
  /** only these chapters, in the book's order (with `parts` and `scenes`: their union) */
  chapters?: string[];
  /** only the chapters of these parts, in the book's order (decision 0508) */
  parts?: string[];
  /** only these scenes (each its stretch of its chapter), in the book's order (decision 0508) */
  scenes?: string[];
  /** book: the text (the default); outline: the plan of parts, chapters and scenes as a document of its own (decision 0508) */
  content?: ExportContent;
  /** the manuscript's paper (with `manuscript`) */
  paper?: ManuscriptPaper;
  /** the manuscript's typeface (with `manuscript`) */
  manuscriptFont?: ManuscriptFont;
  /** the book's story bible as an appendix after the last chapter (issue 21 item 7) */
  bibleAppendix?: boolean;
  /** EPUB: the book's cover, when it has one, unless false; true requires one */
  cover?: boolean;
  async?: boolean;
}

/** ExportBookOptions with the plain-text choices (TextOptions), for format=txt (issue 32 item 4). */
export type ExportOptions = ExportBookOptions & TextOptions;

/** What an export prints: the book's text, or its plan (the outline). */
export type ExportContent = "book" | "outline";

/** The plain-text choices the caller named, or undefined when none. */
export function textOptionsOf(options: TextOptions): TextOptions | undefined {
  const named = Object.fromEntries(TEXT_OPTION_NAMES.filter((name) => options[name] !== undefined).map((name) => [name, options[name]]));
  return Object.keys(named).length > 0 ? (named as TextOptions) : undefined;
}

/**
 * What an export checks before any work: that the caller may export the book, in a format it can
 * be written in. HEAD answers from this alone (describe-export.ts).
 */
export async function planExport(options: ExportOptions, principal: Principal) {
  authorize(principal, "books.export");
  const book = await loadBook(principal, options.bookId, "books.export");
  if (options.notes && !can(principal, "write", book)) {
    throw new AppError("forbidden", "The writer's private notes are shown only to those who write the book: export without notes.", { role: book.role });
  }
  const format = chooseFormat(options);
  const theme = options.theme === undefined ? undefined : requireTheme(options.theme);
  if (options.manuscript && format.id !== "docx") {
    throw new AppError("not_acceptable", "Standard Manuscript Format is written as DOCX only: ask for format=docx.", { available: ["docx"] });
  }
  if (options.trimSize && format.id !== "pdf") {
    throw new AppError("not_acceptable", "A trim size is a printed page's: ask for format=pdf.", { available: ["pdf"] });
  }
  if (options.theme !== undefined && !THEMED_FORMATS.includes(format.id)) {
    throw new AppError("not_acceptable", `A theme sets the type of a PDF, EPUB or DOCX: ask for one of them (${format.name} has no typography of its own).`, { available: THEMED_FORMATS });
  }
  if (options.theme !== undefined && options.manuscript) {
    throw new AppError("not_acceptable", "Standard Manuscript Format has one look, an agent's: leave theme out, or export without manuscript=1.", { available: THEMED_FORMATS });
  }
  if (options.rightHandChapters !== undefined && format.id !== "pdf") {
    throw new AppError("not_acceptable", "Right-hand chapter openings are a printed book's: ask for format=pdf.", { available: ["pdf"] });
  }
  if (options.pdfx !== undefined && format.id !== "pdf") {
    throw new AppError("not_acceptable", "PDF/X is a PDF: ask for format=pdf.", { available: ["pdf"] });
  }
  if (options.pdfx && !pdfxAvailable()) {
    throw new AppError("not_acceptable", "This server cannot make PDF/X: it needs Ghostscript (Debian package ghostscript). Ask for the PDF without pdfx.", { available: ["pdf"] });
  }
  if (options.paper && !options.manuscript) {
    throw new AppError("not_acceptable", "The paper is Standard Manuscript Format's: ask for manuscript=1 with format=docx (a PDF's page is its trimSize).", { available: ["docx"] });
  }
  if (options.manuscriptFont && !options.manuscript) {
    throw new AppError("not_acceptable", "The typeface is Standard Manuscript Format's: ask for manuscript=1 with format=docx.", { available: ["docx"] });
  }
  if (options.cover !== undefined && format.id !== "epub") {
    throw new AppError("not_acceptable", "The cover is the EPUB's: ask for format=epub (the other formats open on their title page).", { available: ["epub"] });
  }
  if (options.cover && !book.coverMediaType) {
    throw new AppError("validation_failed", `This book has no cover: PUT one to /api/v1/books/${book.id}/cover, or leave cover out.`, [{ path: "cover", message: "this book has no cover" }]);
  }
  const selection = choosesPart(options) ? await resolveCompileChoice(book.id, options) : undefined;
  if (options.content === "outline") refuseBookOnlyChoices(options, format);
  const text = textOptionsOf(options);
  if (text && format.id !== "txt") {
    throw new AppError("not_acceptable", `${Object.keys(text).join(", ")} ${Object.keys(text).length === 1 ? "is a choice" : "are choices"} of plain text: ask for format=txt.`, { available: ["txt"] });
  }
  return { book, format, text, theme, selection };
}

/**
 * The outline is a working document of the plan, not the book: the choices that only dress the
 * book's text (a manuscript, its cover, the story bible, front matter, the writer's notes) are
 * refused rather than silently dropped.
 */
function refuseBookOnlyChoices(options: ExportOptions, format: Format): void {
  const named = (["manuscript", "bibleAppendix", "cover", "copyright", "dedication", "notes"] as const).filter((name) => options[name] !== undefined && options[name] !== false);
  if (named.length > 0) {
    throw new AppError("validation_failed", `${named.join(", ")} ${named.length === 1 ? "dresses" : "dress"} the book's text: leave ${named.length === 1 ? "it" : "them"} out of an outline export (content=outline).`, named.map((name) => ({ path: name, message: "not with content=outline" })));
  }
  if (format.id === "txt" && options.split === "chapters") {
    throw new AppError("validation_failed", "An outline is one document: leave split out of an outline export.", [{ path: "split", message: "not with content=outline" }]);
  }
}

/** A theme's name as one of THEMES, else 422 naming them (an export's and a preview's `theme`). */
export function requireTheme(name: string): ThemeId {
  if ((THEMES as readonly string[]).includes(name)) return name as ThemeId;
  throw new AppError("validation_failed", `There is no theme "${name.slice(0, 60)}": choose ${THEMES.join(", ")}.`, [{ path: "theme", message: `one of ${THEMES.join(", ")}` }]);
}

/** The formats a theme sets (./engine/themes.ts): the others have no typography of their own to set. */
export const THEMED_FORMATS = ["pdf", "epub", "docx"];

/** What a book's document is built from beyond the book itself: the export's compile options. */
export interface BookDocumentOptions {
  /** only these chapters, and of some only some scenes (checked by resolveCompileChoice); the whole book when absent */
  selection?: CompileSelection;
  /** the story bible as an appendix after the last chapter */
  bibleAppendix?: boolean;
  /** the book's cover, when it has one (the EPUB's) */
  cover: boolean;
  /** Standard Manuscript Format: the story alone, no front or back matter */
  manuscript?: boolean;
  /** front matter that stands over the book's own */
  copyright?: string;
  dedication?: string;
  /** a theme that stands over the book's own */
  theme?: ThemeId;
}

/**
 * A book as the one document model every writer consumes: its chapters in order (each without a
 * leading heading that repeats its title), title page, front and back matter, cover. The export
 * and the account archive both write a book from this, so the two cannot differ. The caller has
 * already decided the book may be read whole.
 */
export async function bookDocument(book: BookRow, options: BookDocumentOptions): Promise<{ model: DocumentModel; author: string; ownerEmail: string }> {
  const [chapters, owner, appendix, cover] = await Promise.all([
    sql
      .selectFrom("Chapter")
      .leftJoin("Part", "Part.id", "Chapter.partId")
      .select(["Chapter.id", "Chapter.title", "Chapter.content", "Part.title as part"])
      .where("Chapter.bookId", "=", book.id)
      .where("Chapter.deletedAt", "is", null)
      .$if(options.selection !== undefined, (query) => query.where("Chapter.id", "in", options.selection!.chapterIds))
      .orderBy("Chapter.position")
      .execute(),
    sql.selectFrom("User").select(["name", "email"]).where("id", "=", book.ownerId).executeTakeFirstOrThrow(),
    options.bibleAppendix ? bibleAppendix(book) : undefined,
    options.cover && book.coverMediaType !== null ? readBookCover(book.id) : undefined,
  ]);
  // The book's pen name, else the owner's name, else the start of their address.
  const author = book.author?.trim() || owner.name.trim() || owner.email.split("@")[0]!;
  // What the export asks for stands over what the book carries (an older client sends it each time).
  const copyright = options.copyright ?? book.copyright;
  const dedication = options.dedication ?? book.dedication;
  const frontMatter = { ...(copyright && { copyright }), ...(dedication && { dedication }) };
  // A manuscript for an agent is the story alone: its writer leaves out the front matter, and this the back.
  // The pages the book chose, from its own text or its owner's defaults (decision 0495).
  const pages = options.manuscript ? [] : await bookBackMatterPages(book, author);
  const backMatter = [...(appendix ? [appendix] : []), ...pages];
  const accessibilityClaim = storedAccessibilityClaim(book.accessibilityClaim);
  const model: DocumentModel = {
    title: book.title,
    author,
    language: book.language,
    paragraphIndent: asParagraphIndent(book.paragraphIndent),
    countRule: asCountRule(book.countRule),
    theme: options.theme ?? asTheme(book.theme),
    ...(Object.keys(frontMatter).length > 0 && { frontMatter }),
    // Whatever indent the stored text holds goes: the book's setting indents every paragraph alike.
    // Each chapter with its part's title: writers print a part-title page where the part changes.
    // A chapter printed in part is its scenes named, joined by its own break mark (decision 0508).
    chapters: chapters.map((c) => ({ title: c.title, markdown: withoutParagraphIndents(withoutTitleHeading(chosenText(c, options.selection), c.title)), ...(c.part !== null && { part: c.part }) })),
    ...(backMatter.length > 0 && { backMatter }),
    ...(accessibilityClaim && { accessibilityClaim }),
    // Bytes read now are the cover the document was asked with, even when a queued job writes it later.
    ...(cover && cover.byteLength > 0 && { cover: { mediaType: book.coverMediaType!, base64: Buffer.from(cover).toString("base64") } }),
  };
  return { model, author, ownerEmail: owner.email };
}

/** A chapter's text as the selection prints it: whole, or only the scenes chosen. */
function chosenText(chapter: { id: string; content: string }, selection: CompileSelection | undefined): string {
  const kept = selection?.scenesIn.get(chapter.id);
  return kept ? keptScenesText(chapter.content, kept) : chapter.content;
}

/**
 * The plan as a document (content=outline): the book's title page and the outline's chapters, with
 * nothing of the book's front or back matter; its theme and language are the book's.
 */
async function outlineDocument(book: LoadedBook, principal: Principal, selection: CompileSelection | undefined, theme: ThemeId | undefined) {
  const [{ chapters, title }, owner] = await Promise.all([
    outlineChapters(book, principal, selection),
    sql.selectFrom("User").select(["name", "email"]).where("id", "=", book.ownerId).executeTakeFirstOrThrow(),
  ]);
  const author = book.author?.trim() || owner.name.trim() || owner.email.split("@")[0]!;
  const model: DocumentModel = {
    title,
    author,
    language: book.language,
    paragraphIndent: asParagraphIndent(book.paragraphIndent),
    countRule: asCountRule(book.countRule),
    theme: theme ?? asTheme(book.theme),
    chapters,
  };
  return { model, author, ownerEmail: owner.email };
}

// GET /api/v1/books/{bookId}/export — the whole book (or the parts, chapters and scenes chosen, or its outline), in order, as one document.
export async function exportBook(options: ExportOptions, principal: Principal): Promise<Conversion> {
  const { book, format, text, theme, selection } = await planExport(options, principal);
  const outline = options.content === "outline";
  const { model, author, ownerEmail } = outline ? await outlineDocument(book, principal, selection, theme) : await bookDocument(book, {
    selection,
    bibleAppendix: options.bibleAppendix,
    cover: format.id === "epub" && options.cover !== false,
    manuscript: options.manuscript,
    copyright: options.copyright,
    dedication: options.dedication,
    theme,
  });
  // Page one's contact block: the book's, else the author and the owner's e-mail.
  const contact = book.contact?.trim() || `${author}\n${ownerEmail}`;
  const manuscript = options.manuscript ? { author, surname: author.split(/\s+/).at(-1)!, contact, ...(options.paper && { paper: options.paper }), ...(options.manuscriptFont && { font: options.manuscriptFont }) } : undefined;
  if (options.async || book.wordCount > INLINE_EXPORT_WORDS) {
    const snapshot = new TextEncoder().encode(JSON.stringify(model));
    return {
      job: await enqueueJob(
        exportJob,
        { to: format.id, title: model.title ?? book.title, manuscript, smartPunctuation: options.smartPunctuation, notes: options.notes, trimSize: options.trimSize, rightHandChapters: options.rightHandChapters, pdfx: options.pdfx, sceneBreak: options.sceneBreak, text },
        principal,
        { inputFile: snapshot, book: { id: book.id, operation: "books.export" } },
      ),
    };
  }
  const written = await writeDocument(model, format.id, {
    timeoutMs: CONVERSION_TIMEOUT_MS,
    owner: principal.userId,
    notes: options.notes,
    ...(manuscript && { manuscript }),
    ...(options.smartPunctuation && { smartPunctuation: true }),
    ...(options.trimSize && { trimSize: options.trimSize }),
    ...(options.rightHandChapters && { rightHandChapters: true }),
    ...(options.pdfx && { pdfx: true }),
    ...(options.sceneBreak && { sceneBreak: options.sceneBreak }),
    ...(text && { text }),
  });
  return { file: { bytes: written.bytes, mediaType: written.mediaType, name: safeFileName(model.title ?? book.title, written.extension) } };
}

/** The format named, else the first writable one the Accept header names (by quality; a wildcard names none). */
function chooseFormat(options: ExportBookOptions): Format {
  if (options.format) return requireFormat(options.format, "write", "not_acceptable");
  const writable = writableFormats();
  const named = namedMediaType(options.accept, writable.map((f) => f.mediaType));
  const match = writable.find((f) => f.mediaType === named);
  if (match) return match;
  throw new AppError("not_acceptable", "Name a format (format=epub, docx, pdf …) or ask for its media type in Accept.", {
    available: writable.map((f) => f.id),
  });
}

/** A chapter's own leading heading repeats its title; the writers put the title in themselves. */
function withoutTitleHeading(content: string, title: string): string {
  const heading = leadingHeading(content);
  if (!heading || heading.text !== title.trim()) return content;
  // The blank lines after the heading go with it.
  const rest = content.slice(heading.end);
  const firstText = rest.search(/\S/);
  return rest.slice(firstText < 0 ? rest.length : rest.lastIndexOf("\n", firstText) + 1);
}
