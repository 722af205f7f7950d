import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { loadBook } from "../books/access";
import { AppError } from "../errors";
import { writeDocument } from "./engine";
import type { TrimSize } from "./engine/export-options";
import type { DocumentModel } from "./engine/model";
import { previewAvailable } from "./engine/writers/preview-pages";
import { bookDocument, requireTheme } from "./export-book";
import type { PrintPreviewDto } from "./schemas";
import { CONVERSION_TIMEOUT_MS } from "./time-limit";

export interface PrintPreviewOptions {
  bookId: string;
  /** a theme's name (checked: 422 for an unknown one); the book's own when absent */
  theme?: string;
  trimSize?: TrimSize;
  /** how many of the first pages; 4 unless asked */
  pages?: number;
}

/** The preview's pages unless asked: a title page, its verso, and the first chapter's opening spread. */
const DEFAULT_PAGES = 4;
/**
 * The text typeset for each page asked: more than the fullest page holds (16开 in Chinese, about
 * 1,100 characters; 5 × 8 in English, about 1,800), so the pages shown are full ones, while a long
 * book is never typeset whole for a glance at its opening.
 */
const CHARACTERS_PER_PAGE = 4_000;

/**
 * GET /api/v1/books/{bookId}/print-preview — the first pages of the book's print PDF as images, in
 * a theme and trim size (issue 37 item 5, decision 0494): what the export dialog shows before a
 * writer downloads. The book's opening is typeset as its export is (the same model, writer and
 * worker pool, under the export's deadline), and poppler renders the pages.
 */
export async function printPreview(options: PrintPreviewOptions, principal: Principal): Promise<PrintPreviewDto> {
  authorize(principal, "books.export");
  const book = await loadBook(principal, options.bookId, "books.export");
  const theme = options.theme === undefined ? undefined : requireTheme(options.theme);
  if (!previewAvailable()) {
    throw new AppError("not_acceptable", "This server cannot draw a preview: it needs pdftoppm (Debian package poppler-utils). Export the PDF to see it.", { available: ["pdf"] });
  }
  const pages = options.pages ?? DEFAULT_PAGES;
  const trimSize = options.trimSize ?? "6x9";
  const { model } = await bookDocument(book, { cover: false, theme });
  const written = await writeDocument(openingOf(model, pages * CHARACTERS_PER_PAGE), "pdf", { timeoutMs: CONVERSION_TIMEOUT_MS, owner: principal.userId, trimSize, previewPages: pages });
  return {
    theme: model.theme ?? "classic",
    trimSize,
    pages: (written.previewImages ?? []).map((image, index) => ({ number: index + 1, mediaType: "image/png" as const, base64: Buffer.from(image).toString("base64") })),
  };
}

/**
 * The book's front matter and as many of its first chapters as `characters` takes, the last cut
 * at a paragraph's end: what the first pages print, and no more. No back matter: it comes last.
 */
export function openingOf(model: DocumentModel, characters: number): DocumentModel {
  const chapters: DocumentModel["chapters"] = [];
  let left = characters;
  for (const chapter of model.chapters) {
    if (left <= 0) break;
    if (chapter.markdown.length <= left) {
      chapters.push(chapter);
      left -= chapter.markdown.length;
      continue;
    }
    const end = chapter.markdown.lastIndexOf("\n\n", left);
    chapters.push({ ...chapter, markdown: chapter.markdown.slice(0, end > 0 ? end : left) });
    break;
  }
  const opening: DocumentModel = { ...model, chapters };
  delete opening.backMatter;
  return opening;
}
