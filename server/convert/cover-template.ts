import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { loadBook, type LoadedBook } from "../books/access";
import { AppError } from "../errors";
import { writeDocument } from "./engine";
import type { Paper, TrimSize } from "./engine/export-options";
import { coverDimensions, type CoverDimensions } from "./engine/print";
import { writeCoverTemplate } from "./engine/writers/cover-template";
import { TypesetTimeout } from "./engine/writers/typst-process";
import { bookDocument } from "./export-book";
import { safeFileName } from "./file-name";
import { CONVERSION_TIMEOUT_MS } from "./time-limit";

export interface CoverTemplateOptions {
  bookId: string;
  trimSize?: TrimSize;
  paper?: Paper;
  /** the interior's pages; counted from the book's print PDF when absent */
  pageCount?: number;
  /** counting: chapters open on right-hand pages, as the print PDF asked with it */
  rightHandChapters?: boolean;
}

/**
 * GET /api/v1/books/{bookId}/cover-template — a paperback cover's guide for the book (issue 37
 * item 2): the spine from the page count and the paper (KDP's formula), the full cover with its
 * bleed, as a PDF a designer fills. The page count is the caller's, or the print PDF's at this
 * trim: the whole book typeset in the worker pool as its export would be, so the two agree.
 */
export async function coverTemplate(options: CoverTemplateOptions, principal: Principal): Promise<{ file: { bytes: Uint8Array; mediaType: string; name: string }; dimensions: CoverDimensions }> {
  authorize(principal, "books.export");
  const book = await loadBook(principal, options.bookId, "books.export");
  if (options.pageCount !== undefined && options.rightHandChapters !== undefined) {
    throw new AppError("validation_failed", "rightHandChapters says how to count the pages: leave it out when you give pageCount.", [{ path: "rightHandChapters", message: "only without pageCount" }]);
  }
  const trimSize = options.trimSize ?? "6x9";
  const pageCount = options.pageCount ?? (await countPages(book, trimSize, options.rightHandChapters ?? false, principal.userId));
  const dimensions = coverDimensions(trimSize, options.paper ?? "white", pageCount);
  const bytes = await writeCoverTemplate(dimensions, book.title, CONVERSION_TIMEOUT_MS).catch((error: unknown) => {
    if (!(error instanceof TypesetTimeout)) throw error;
    throw new AppError("conversion_timed_out", `The cover template was not drawn within ${Math.round(CONVERSION_TIMEOUT_MS / 1000)} s and was stopped.`, { timeoutMs: CONVERSION_TIMEOUT_MS });
  });
  return { file: { bytes, mediaType: "application/pdf", name: safeFileName(`${book.title} cover ${trimSize}`, "pdf") }, dimensions };
}

/** The pages of the book's print PDF at this trim: its export's, title page and front matter included. */
async function countPages(book: LoadedBook, trimSize: TrimSize, rightHandChapters: boolean, owner: string): Promise<number> {
  const { model } = await bookDocument(book, { cover: false });
  const written = await writeDocument(model, "pdf", { timeoutMs: CONVERSION_TIMEOUT_MS, owner, trimSize, ...(rightHandChapters && { rightHandChapters }) });
  return written.pages!;
}
