import { z } from "zod";
import { convertDocument, type Conversion } from "../../convert/convert-document";
import { coverTemplate } from "../../convert/cover-template";
import { describeExport } from "../../convert/describe-export";
import { exportBook } from "../../convert/export-book";
import { importBook } from "../../convert/import-book";
import { importChapters } from "../../convert/import-chapters";
import { listFormats } from "../../convert/list-formats";
import { previewImport } from "../../convert/preview-import";
import { printPreview } from "../../convert/print-preview";
import {
  bookIdParams,
  convertInput,
  convertQuery,
  coverTemplateQuery,
  exportQuery,
  formatSchema,
  importInput,
  importIntoBookInput,
  importPreviewSchema,
  importResultSchema,
  printPreviewQuery,
  printPreviewSchema,
  UPLOAD_BODY_LIMIT,
} from "../../convert/schemas";
import { jobSchema } from "../../jobs/schemas";
import { aliasOf, defineEndpoint } from "../endpoint";
import { accepted, fileHead, fileResponse, success } from "../envelope";
import { getJobEndpoint, getJobFileEndpoint } from "./jobs";

/** The converted file, or 202 with the job that will make it (Location: the job's one address). */
function answer(conversion: Conversion): Response {
  return conversion.file ? fileResponse(conversion.file) : accepted(conversion.job);
}

// GET /api/v1/convert/formats — what can be read and written
export const listFormatsEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v1/convert/formats",
  summary: "List every document format, with whether Inkstone reads and/or writes it",
  operation: "convert.formats",
  auth: "required",
  success: { status: 200, description: "the formats", schema: z.array(formatSchema) },
  run: async (_, principal) => listFormats(principal),
});

// POST /api/v1/convert — one document into another format
export const convertEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/v1/convert",
  summary:
    "Convert a document: multipart `file` + `to` (+ `from`, else detected), or JSON `{from, to, content}` for text formats. " +
    "Answers the converted file; inputs over 2 MiB, or async=1, answer 202 with a job",
  operation: "convert.run",
  auth: "required",
  query: convertQuery,
  body: { schema: convertInput, maxBytes: UPLOAD_BODY_LIMIT, multipart: "binary", json: true },
  success: {
    status: 200,
    description: "the converted document",
    file: true,
    accepted: { description: "a large document, or async=1: queued as a background job to poll (Location)", schema: jobSchema },
  },
  errors: ["unsupported_format", "format_mismatch", "corrupt_document", "invalid_encoding", "conversion_timed_out", "archive_too_large", "rate_limited"],
  handle: async ({ body, query, request, principal }) => answer(await convertDocument({ ...body, async: query.async, notes: query.notes, signal: request.signal }, principal)),
});

// GET /api/v1/convert/jobs/{jobId} — older address of GET /api/v1/jobs/{jobId}
export const getConversionJobEndpoint = aliasOf(getJobEndpoint, "/api/v1/convert/jobs/{jobId}");

// GET /api/v1/convert/jobs/{jobId}/result — older address of GET /api/v1/jobs/{jobId}/file
export const getConversionResultEndpoint = aliasOf(getJobFileEndpoint, "/api/v1/convert/jobs/{jobId}/result");

// GET /api/v1/books/{bookId}/export — the whole book as one document
export const exportBookEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v1/books/{bookId}/export",
  summary:
    "Export a book, chapters in order with a title page: format=… or a format's media type in Accept; manuscript=1 " +
    "for Standard Manuscript Format DOCX. Books over 200,000 words, or async=1, answer 202 with a job",
  operation: "books.export",
  auth: "required",
  params: bookIdParams,
  query: exportQuery,
  headers: z.object({
    Accept: z.string().optional().describe("instead of `format`: a writable format's media type, e.g. application/epub+zip (the first by quality wins)"),
  }),
  success: {
    status: 200,
    description: "the book as a document",
    file: true,
    accepted: { description: "a long book: queued as a background job to poll (Location)", schema: jobSchema },
  },
  errors: ["book_in_trash", "conversion_timed_out", "rate_limited"],
  handle: async ({ params, query, request, principal }) =>
    answer(await exportBook({ bookId: params.bookId, ...query, accept: request.headers.get("accept") }, principal)),
  // The same checks and the file's type and name, with nothing written and no job queued (async=1 too).
  head: async ({ params, query, request, principal }) =>
    fileHead(await describeExport({ bookId: params.bookId, ...query, accept: request.headers.get("accept") }, principal)),
});

// GET /api/v1/books/{bookId}/cover-template — a paperback cover's guide: spine, bleed and safe zones
export const coverTemplateEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v1/books/{bookId}/cover-template",
  summary:
    "A paperback cover template as a PDF a designer fills: the full cover (back, spine, front) with 0.125 in of bleed, the safe zones marked and every dimension written. " +
    "The spine is pageCount × the paper's thickness (KDP's formula); without pageCount, the book's print PDF at trimSize is typeset and its pages counted",
  operation: "books.export",
  auth: "required",
  params: bookIdParams,
  query: coverTemplateQuery,
  success: { status: 200, description: "the cover template (application/pdf)", file: true, mediaTypes: ["application/pdf"] },
  errors: ["book_in_trash", "conversion_timed_out", "rate_limited"],
  handle: async ({ params, query, principal }) => fileResponse((await coverTemplate({ bookId: params.bookId, ...query }, principal)).file),
});

// GET /api/v1/books/{bookId}/print-preview — the print PDF's first pages as images, in a theme and trim
export const printPreviewEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v1/books/{bookId}/print-preview",
  summary:
    "The first pages (4 unless asked, at most 8) of the book's print PDF as PNG images, set in a theme (the book's unless asked) at a trim size (6x9 unless asked): the export dialog's preview. " +
    "The book's opening is typeset as its PDF export is, with the inside margin of a book under 150 pages",
  operation: "books.export",
  auth: "required",
  params: bookIdParams,
  query: printPreviewQuery,
  success: { status: 200, description: "the pages", schema: printPreviewSchema },
  errors: ["book_in_trash", "conversion_timed_out", "rate_limited"],
  run: printPreview,
});

// POST /api/v1/books/import — a new book from a manuscript
export const importBookEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/v1/books/import",
  summary:
    "Import a manuscript as a new book (multipart `file`, optional `title`, `from`, `chapterPattern`, `skipChapters`): one chapter per top-level heading, less those its preview's numbers leave out",
  operation: "books.import",
  auth: "required",
  body: { schema: importInput, maxBytes: UPLOAD_BODY_LIMIT, multipart: "binary" },
  success: { status: 201, description: "the new book and its chapters", schema: importResultSchema },
  errors: ["unsupported_format", "format_mismatch", "corrupt_document", "invalid_encoding", "conversion_timed_out", "archive_too_large", "rate_limited"],
  handle: async ({ body, principal }) => success(await importBook(body, principal), 201),
});

// POST /api/v1/books/import/preview — the chapters an import would make, nothing saved
export const previewImportEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/v1/books/import/preview",
  summary:
    "Preview an import as a dry run (the same multipart fields as an import): the chapters' titles and word counts it would make, with no book created",
  operation: "books.import",
  auth: "required",
  body: { schema: importInput, maxBytes: UPLOAD_BODY_LIMIT, multipart: "binary" },
  success: { status: 200, description: "the split the import would make", schema: importPreviewSchema },
  errors: ["unsupported_format", "format_mismatch", "corrupt_document", "invalid_encoding", "conversion_timed_out", "archive_too_large", "rate_limited"],
  handle: async ({ body, principal }) => success(await previewImport(body, principal)),
});

// POST /api/v1/books/{bookId}/import — a manuscript's chapters appended to a book
export const importChaptersEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/v1/books/{bookId}/import",
  summary: "Import a manuscript's chapters at the end of a book (multipart `file`, optional `from`, `chapterPattern`, `skipChapters`)",
  operation: "books.import",
  auth: "required",
  params: bookIdParams,
  body: { schema: importIntoBookInput, maxBytes: UPLOAD_BODY_LIMIT, multipart: "binary" },
  success: { status: 201, description: "the book and the chapters added", schema: importResultSchema },
  errors: ["book_in_trash", "unsupported_format", "format_mismatch", "corrupt_document", "invalid_encoding", "conversion_timed_out", "archive_too_large", "rate_limited"],
  handle: async ({ params, body, principal }) => success(await importChapters({ ...body, bookId: params.bookId }, principal), 201),
});
