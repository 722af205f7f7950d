import { z } from "zod";
import { bookIdParams, bookLanguage, bookSchema } from "../books/schemas";
import { fieldCheck, sizeLimit } from "../errors";
import { uploadedFile } from "../request/schemas";
import { storedText } from "../text/stored-text";
import { LINE_ENDINGS, MANUSCRIPT_FONTS, MANUSCRIPT_PAPER, PAPERS, PARAGRAPH_SPACINGS, SCENE_BREAKS, TEXT_ENCODINGS, TEXT_LAYOUTS, TEXT_SPLITS, THEMES, TRIM_SIZES, type SceneBreak } from "./engine/export-options";

/**
 * The largest document taken for conversion or import, in bytes: a file's, or a text's in UTF-8,
 * whichever way it arrives (REST JSON or multipart, tRPC). One byte more is 413.
 */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
/**
 * An upload's body: the largest document plus room for the form or JSON around it. A JSON body
 * spells its text raw (UTF-8); escaping every character (`\u5b57`) needs up to twice the room.
 */
export const UPLOAD_BODY_LIMIT = MAX_UPLOAD_BYTES + 64 * 1024;
/** Inputs above this are converted as a background job (202) rather than inside the request. */
export const INLINE_CONVERT_BYTES = 2 * 1024 * 1024;
/** Books above this many words export as a background job (202). */
export const INLINE_EXPORT_WORDS = 200_000;
/** A conversion job's result is kept this long after it finishes, then the job answers 410. */
export const CONVERSION_JOB_TTL_SECONDS = 24 * 60 * 60;
/** The most chapters one import may create. */
export const MAX_IMPORT_CHAPTERS = 2_000;

const documentTooLarge = sizeLimit(MAX_UPLOAD_BYTES, `a document is at most ${MAX_UPLOAD_BYTES} bytes`);

/** A document sent as text: its size counts as its UTF-8 bytes, the file it stands for. */
export function documentText() {
  // No string of more UTF-16 units than the limit fits: each unit is at least one UTF-8 byte.
  return storedText().refine((text) => text.length <= MAX_UPLOAD_BYTES && Buffer.byteLength(text) <= MAX_UPLOAD_BYTES, documentTooLarge);
}

/** A document sent as a file part. */
const documentFile = uploadedFile.refine((file) => file.bytes.byteLength <= MAX_UPLOAD_BYTES, documentTooLarge);

export const formatId = z.string().min(1).max(32).regex(/^[a-z0-9_+-]+$/, "a format id such as docx, epub or markdown");

export const formatSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    extensions: z.array(z.string()),
    mediaType: z.string(),
    read: z.boolean(),
    write: z.boolean(),
    engine: z.string().describe("which converter handles it: a fast JS path, or pandoc in a worker"),
  })
  .meta({ id: "Format" });
export type FormatDto = z.infer<typeof formatSchema>;

const asyncFlag = z.enum(["0", "1", "true", "false"]).transform((v) => v === "1" || v === "true");
const notesFlag = asyncFlag.optional().describe("1: include the writer's private notes (<!-- … -->) as bracketed text (kept as comments in Markdown); left out by default");

export const convertQuery = z.object({
  async: asyncFlag.optional().describe("1: always answer 202 with a job"),
  notes: notesFlag,
});

/** POST /api/v1/convert: a document as a file part, or text formats as JSON `content`. */
export const convertInput = z
  .strictObject({
    file: documentFile.optional().describe("the document (multipart only)"),
    content: documentText().optional().describe("the document as text, instead of a file (text formats only)"),
    from: formatId.optional().describe("the input's format; detected from the file name and content when left out"),
    to: formatId.describe("the format to write"),
  })
  .refine((input) => (input.file === undefined) !== (input.content === undefined), fieldCheck("exactlyOne", "send either a file (multipart) or content (JSON)"))
  .meta({ id: "Conversion" });

/** A printed book's page (PDF only): 5 × 8, 5.25 × 8, 5.5 × 8.5 or 6 × 9 inches, A5, 大32开 or 16开. */
export const trimSizeOption = z
  .enum(TRIM_SIZES)
  .describe("with format=pdf: the page's trim size, in inches (5x8, 5.25x8, 5.5x8.5, 6x9), a5, or for Chinese print 140x203mm (大32开) and 185x260mm (16开); 6x9 unless asked");

/** A book's theme (decision 0494) as an export's option: over the book's own. */
// A string, not an enum, so that an unknown name is the 422 of a choice that failed validation
// (requireTheme in ./export-book.ts names the themes there is), not a malformed query's 400; the
// document still lists the names.
export const themeOption = z
  .string()
  .max(60)
  .meta({ enum: [...THEMES] })
  .describe(
    "with format=pdf, epub or docx: the theme to set the book in, over the book's own (Book.theme): classic, modern or chinese; any other name answers 422, another format 406",
  );

/** The paper a printed book is on, for its spine's width. */
export const paperOption = z.enum(PAPERS).describe("the interior's paper, which sets the spine's width per page (KDP): white 0.002252 in, cream 0.0025 in, colour 0.002347 in");

/** The print PDF's choices besides its trim size (issue 37 item 1), as booleans; REST spells them 1/0 (printFlags). */
const printOptionText = {
  rightHandChapters: "with format=pdf: every chapter opens on a right-hand (odd) page, with a blank page before it when needed; else each opens on the next page (the first chapter always on a right-hand page)",
  pdfx: "with format=pdf: PDF/X-3 (CMYK, the output intent a printer checks, every font embedded), made with Ghostscript; slower, about 40 ms a page",
} as const;
export const printOptionsInput = {
  rightHandChapters: z.boolean().optional().describe(printOptionText.rightHandChapters),
  pdfx: z.boolean().optional().describe(printOptionText.pdfx),
};

/** The longest copyright page and dedication an export takes, in characters. */
export const FRONT_MATTER_LIMITS = { copyright: 2000, dedication: 1000 } as const;
/** The most chapter ids one export may name. */
export const MAX_EXPORT_CHAPTER_IDS = 2000;

const frontMatterText = (max: number) => storedText().trim().max(max);
const sceneBreakIds = Object.keys(SCENE_BREAKS) as [SceneBreak, ...SceneBreak[]];
const chapterIdSchema = z.string().min(1).max(64);

/**
 * How the book is compiled (issue 19 item 14), the same on every transport; REST spells a list of
 * chapters as comma-separated ids. One option a line, so that others (the story-bible appendix)
 * sit beside them.
 */
const compileOptions = {
  copyright: frontMatterText(FRONT_MATTER_LIMITS.copyright).optional().describe(`a copyright page's text (at most ${FRONT_MATTER_LIMITS.copyright} characters; a line break starts a line, a blank line a paragraph): its own page after the title page (EPUB: its own file)`),
  dedication: frontMatterText(FRONT_MATTER_LIMITS.dedication).optional().describe(`a dedication (at most ${FRONT_MATTER_LIMITS.dedication} characters), on its own page after the copyright page`),
  sceneBreak: z.enum(sceneBreakIds).optional().describe("what a scene break prints as: stars (* * *), hash (#), asterism (⁂) or blank (a line of space); each format's own mark unless asked"),
  paper: z.enum(MANUSCRIPT_PAPER).optional().describe("with manuscript=1: the paper, letter (US Letter, the default) or a4"),
  manuscriptFont: z.enum(MANUSCRIPT_FONTS).optional().describe("with manuscript=1: courier (Courier New, the default) or times (Times New Roman), 12 pt"),
  // Plain text as the web-novel platforms take it (issue 32 item 4): with format=txt only.
  layout: z.enum(TEXT_LAYOUTS).optional().describe("with format=txt: plain (as typed, the default) or platform (every paragraph indented with exactly two ideographic spaces, 　　, whatever the text holds; titles alone on their line, a scene break a blank line unless sceneBreak names a mark)"),
  paragraphSpacing: z.enum(PARAGRAPH_SPACINGS).optional().describe("with format=txt: blank (a blank line between paragraphs, the default) or none"),
  lineEndings: z.enum(LINE_ENDINGS).optional().describe("with format=txt: lf (the default) or crlf"),
  encoding: z.enum(TEXT_ENCODINGS).optional().describe("with format=txt: utf-8 (the default) or gb18030"),
  split: z.enum(TEXT_SPLITS).optional().describe("with format=txt: book (one file, the default) or chapters (a zip of one file per chapter, named like 001 第一回 ….txt)"),
} as const;

export const exportChapterIds = z.array(chapterIdSchema).min(1).max(MAX_EXPORT_CHAPTER_IDS);

/** What an export prints (decision 0508): the book's text, or its plan as a document of its own. */
export const EXPORT_CONTENTS = ["book", "outline"] as const;
const exportContent = z
  .enum(EXPORT_CONTENTS)
  .optional()
  .describe("book (the default): the text; outline: the plan — parts, chapters and scenes with synopsis, status, POV, characters, plotlines, labels, target and story date — as a document of its own, in any writable format");
const partsText = "only the chapters of these parts, printed in the book's order; with chapters and scenes, the union of the three";
const scenesText = "only these scenes, each its stretch of its chapter between scene breaks, printed in the book's order; a chapter named (or in a part named) is printed whole";

/** tRPC and use cases: the compile options, chapters, parts and scenes as lists of ids. */
export const compileOptionsInput = {
  ...compileOptions,
  chapters: exportChapterIds.optional().describe("only these chapters, printed in the book's order"),
  parts: exportChapterIds.optional().describe(partsText),
  scenes: exportChapterIds.optional().describe(scenesText),
  content: exportContent,
};

/** REST spells a list of ids as comma-separated ids in one query parameter. */
const idList = (noun: string) =>
  z
    .string()
    .max(MAX_EXPORT_CHAPTER_IDS * 65)
    .transform((list, context) => {
      const ids = list.split(",").map((id) => id.trim()).filter(Boolean);
      const checked = exportChapterIds.safeParse(ids);
      if (!checked.success) context.addIssue({ code: "custom", ...fieldCheck("idList", `1 to ${MAX_EXPORT_CHAPTER_IDS} ${noun} ids, separated by commas`, { maximum: MAX_EXPORT_CHAPTER_IDS }) });
      return ids;
    })
    .optional();

export const exportQuery = z.object({
  format: formatId.optional().describe("a writable format id; or leave it out and name the media type in Accept"),
  manuscript: asyncFlag.optional().describe("1 with format=docx: Standard Manuscript Format"),
  smartPunctuation: asyncFlag
    .optional()
    .describe('1: typographer\'s punctuation in the prose: "straight" quotes curled, -- and --- as dashes, ... as an ellipsis (code, notes and CJK punctuation untouched)'),
  notes: notesFlag,
  trimSize: trimSizeOption.optional(),
  theme: themeOption.optional(),
  rightHandChapters: asyncFlag.optional().describe(`1 ${printOptionText.rightHandChapters}`),
  pdfx: asyncFlag.optional().describe(`1 ${printOptionText.pdfx}`),
  ...compileOptions,
  chapters: idList("chapter").describe(
    "only these chapters (comma-separated ids), printed in the book's order; every id must be one of the book's chapters (422 otherwise; 404 chapter_in_trash for one in the trash)",
  ),
  parts: idList("part").describe(`${partsText} (comma-separated ids; another book's: 422)`),
  scenes: idList("scene").describe(`${scenesText} (comma-separated ids; another book's: 422; one in a trashed chapter: 404 chapter_in_trash)`),
  content: exportContent,
  bibleAppendix: asyncFlag
    .optional()
    .describe("1: the book's story bible after the last chapter, as an appendix: entries grouped by kind, each with its name, aliases, description and fields (none when the bible is empty)"),
  cover: asyncFlag
    .optional()
    .describe("format=epub: the book's cover (PUT /api/v1/books/{bookId}/cover) is its first page unless 0; 1 requires one (422 when the book has none)"),
  async: asyncFlag.optional().describe("1: always answer 202 with a job"),
});

/** A chapter pattern's length limit, checked by the request schema and again by ./split-chapters.ts. */
export const MAX_PATTERN_LENGTH = 100;

const chapterPattern = z
  .string()
  .trim()
  .min(1)
  .max(MAX_PATTERN_LENGTH)
  .describe('a heading template, for every format: literal text, {n} for the number, * for the rest, e.g. "Part {n}*"; a line or paragraph that matches starts a chapter');

/**
 * Chapters of a manuscript to leave out of an import (its header, a licence, a table of contents):
 * by their numbers as a preview lists them, 1 for the first; as a JSON array or, in a form, "1,61".
 */
const skippedChapters = z
  .union([z.array(z.int()), z.string().max(MAX_IMPORT_CHAPTERS * 6).transform((list) => list.split(",").map((n) => (/^\s*\d{1,5}\s*$/.test(n) ? Number(n) : Number.NaN)))])
  .pipe(z.array(z.int("chapter numbers, separated by commas").min(1, "chapters are numbered from 1").max(MAX_IMPORT_CHAPTERS)).max(MAX_IMPORT_CHAPTERS))
  .transform((numbers) => [...new Set(numbers)])
  .describe('chapters to leave out, by their numbers in the preview (1 for the first): an array, or in a form "1,61"; every number must be one of the document\'s chapters, and one chapter at least must be left');

export const importInput = z
  .strictObject({
    file: documentFile.describe("the manuscript"),
    title: storedText().trim().min(1).max(200).optional().describe("the new book's title; defaults to the document's, else the file name"),
    from: formatId.optional().describe("the file's format; detected when left out"),
    chapterPattern: chapterPattern.optional(),
    skipChapters: skippedChapters.optional(),
    language: bookLanguage.optional().describe("the new book's language (BCP 47); when left out, the language its text is written in, else the one the document names, else en"),
  })
  .meta({ id: "Import" });
export type ImportInput = z.output<typeof importInput>;

/** Importing into an existing book takes no title: chapters are appended to it. */
export const importIntoBookInput = importInput.omit({ title: true, language: true }).meta({ id: "ImportIntoBook" });

export const importResultSchema = z
  .object({
    book: bookSchema,
    chapterCount: z.int().describe("chapters this import created"),
    chapters: z.array(z.object({ id: z.string(), title: z.string(), position: z.int(), wordCount: z.int(), partId: z.string().nullable() })),
    parts: z.array(z.object({ id: z.string(), title: z.string() })).describe("the parts (卷, Part One) this import made from the document's part headings"),
  })
  .meta({ id: "ImportResult" });
export type ImportResultDto = z.infer<typeof importResultSchema>;

export const importPreviewSchema = z
  .object({
    title: z.string().nullable().describe("the title the document gives (or the one asked for); null when it names none"),
    author: z.string().nullable().describe("the author the document names (its metadata, a title page); the new book's author. null when it names none"),
    language: z.string().nullable().describe("the language the document names or its script tells, BCP 47; null when neither does"),
    chapterCount: z.int(),
    wordCount: z.int().describe("the words (or CJK characters) of every chapter, by the book's counting rule"),
    chapters: z
      .array(z.object({ title: z.string(), wordCount: z.int(), part: z.string().nullable().describe("the part (卷) it would belong to; null: none") }))
      .describe("the chapters the import would make, in order"),
    parts: z.array(z.object({ title: z.string(), chapterCount: z.int() })).describe("the parts the import would make from the document's part headings (第一卷, Part One, Book I), in order"),
  })
  .meta({ id: "ImportPreview" });
export type ImportPreviewDto = z.infer<typeof importPreviewSchema>;

export { bookIdParams };
export { jobIdParams } from "../jobs/schemas";

/** The most pages a cover template is drawn for: past KDP's 828 with room for other printers. */
export const MAX_COVER_PAGES = 2000;
const coverPageCount = z.int().min(1).max(MAX_COVER_PAGES);

/** GET /api/v1/books/{bookId}/cover-template: the trim, the paper, and the page count or how to count it. */
export const coverTemplateQuery = z.object({
  trimSize: trimSizeOption.optional().describe("the book's trim size (as for the PDF export); 6x9 unless asked"),
  paper: paperOption.optional().describe("the interior's paper, which sets the spine's width per page (KDP): white 0.002252 in (the default), cream 0.0025 in, colour 0.002347 in"),
  pageCount: z
    .string()
    .regex(/^\d{1,5}$/, "a whole number of pages")
    .transform(Number)
    .pipe(coverPageCount)
    .optional()
    .describe(`the interior's pages (1 to ${MAX_COVER_PAGES}); when left out, the book's print PDF at this trim size is typeset and its pages counted`),
  rightHandChapters: asyncFlag.optional().describe("without pageCount: count the pages of the print PDF with every chapter opening on a right-hand page"),
});

/** The cover's measurements, in inches (server/convert/engine/print.ts). */
export const coverDimensionsSchema = z
  .object({
    trimSize: z.enum(TRIM_SIZES),
    paper: z.enum(PAPERS),
    pageCount: z.int().describe("the interior's pages the spine is measured from"),
    trimWidth: z.number().describe("inches: the front's (and the back's) width"),
    trimHeight: z.number().describe("inches"),
    spineWidth: z.number().describe("inches: pageCount × the paper's thickness per page"),
    bleed: z.number().describe("inches beyond every trimmed edge (0.125)"),
    coverWidth: z.number().describe("inches: bleed + back + spine + front + bleed"),
    coverHeight: z.number().describe("inches: bleed + trim height + bleed"),
    spineText: z.boolean().describe("whether the spine may carry text (KDP: more than 79 pages)"),
  })
  .meta({ id: "CoverDimensions" });
export type CoverDimensionsDto = z.infer<typeof coverDimensionsSchema>;

/** The most pages a print preview shows. */
export const MAX_PREVIEW_PAGES = 8;

/** GET /api/v1/books/{bookId}/print-preview: the theme and trim to preview, and how many pages. */
export const printPreviewQuery = z.object({
  theme: themeOption.optional().describe("the theme to preview (classic, modern or chinese); the book's own unless asked"),
  trimSize: trimSizeOption.optional().describe("the trim size to preview (as for the PDF export); 6x9 unless asked"),
  pages: z.coerce
    .number()
    .int("a whole number of pages")
    .min(1)
    .max(MAX_PREVIEW_PAGES)
    .optional()
    .describe(`how many of the first pages to show, 1 to ${MAX_PREVIEW_PAGES}; 4 unless asked`),
});

/** The first pages of the print PDF as images (the export dialog's preview). */
export const printPreviewSchema = z
  .object({
    theme: z.enum(THEMES).describe("the theme the pages are set in"),
    trimSize: z.enum(TRIM_SIZES),
    pages: z
      .array(z.object({ number: z.int().describe("1 for the title page"), mediaType: z.literal("image/png"), base64: z.string().describe("the page as a PNG, 80 dpi") }))
      .describe("the first pages of the print PDF, in order; fewer than asked when the book is shorter"),
  })
  .meta({ id: "PrintPreview" });
export type PrintPreviewDto = z.infer<typeof printPreviewSchema>;
