import { z } from "zod";
import { bookIdParams } from "../../books/schemas";
import { convertDocument, type Conversion } from "../../convert/convert-document";
import { coverTemplate } from "../../convert/cover-template";
import { exportBook } from "../../convert/export-book";
import { importBook } from "../../convert/import-book";
import { importChapters } from "../../convert/import-chapters";
import { previewImport } from "../../convert/preview-import";
import { documentText, formatId, importInput, importPreviewSchema, importResultSchema, MAX_UPLOAD_BYTES, trimSizeOption, themeOption, compileOptionsInput, printOptionsInput, coverDimensionsSchema, coverTemplateQuery, MAX_COVER_PAGES } from "../../convert/schemas";
import { AppError } from "../../errors";
import { jobSchema } from "../../jobs/schemas";
import { listFormatsEndpoint, printPreviewEndpoint } from "../../http/endpoints/convert";
import { storedText } from "../../text/stored-text";
import { operationProcedure, router } from "../init";
import { procedureOf } from "../procedure-of";

// Only the formats are derived from REST's declaration (decision 0463): REST moves documents as
// bytes (multipart in, the file out, 202 with the job), tRPC as base64 or text in JSON.

/** A file over tRPC travels as base64 (JSON has no bytes); text formats may also travel as text. */
const fileSchema = z
  .object({ name: z.string(), mediaType: z.string(), base64: z.string() })
  .meta({ id: "FileInBase64" });
const conversionSchema = z.union([z.object({ file: fileSchema }), z.object({ job: jobSchema })]);

const MAX_BASE64 = Math.ceil(MAX_UPLOAD_BYTES / 3) * 4;
/** The largest input here, a document in base64, with room for the other fields and the batch around it. */
export const CONVERT_RPC_BODY_LIMIT = MAX_BASE64 + 64 * 1024;

const base64 = z
  .base64()
  .max(MAX_BASE64, `at most ${MAX_UPLOAD_BYTES} bytes`)
  .describe("the document's bytes in base64");
const manuscriptUpload = {
  fileName: z.string().trim().min(1).max(255).describe("the file's name, for detecting its format"),
  text: documentText().optional().describe("a text document as a string"),
  base64: base64.optional(),
  from: formatId.optional(),
  chapterPattern: z.string().trim().min(1).max(100).optional(),
  skipChapters: importInput.shape.skipChapters,
};
const notesOption = z.boolean().optional().describe("include the writer's private notes (<!-- … -->) as bracketed text; left out by default");
const sendsOneDocument = [(i: { text?: string; base64?: string }) => (i.text === undefined) !== (i.base64 === undefined), "send text or base64, not both"] as const;

function toWire(conversion: Conversion): z.infer<typeof conversionSchema> {
  if (!conversion.file) return { job: conversion.job };
  const { name, mediaType, bytes } = conversion.file;
  return { file: { name, mediaType, base64: Buffer.from(bytes).toString("base64") } };
}

function uploadOf(input: { fileName: string; text?: string; base64?: string }) {
  const bytes = input.text !== undefined ? new TextEncoder().encode(input.text) : new Uint8Array(Buffer.from(input.base64!, "base64"));
  if (bytes.byteLength > MAX_UPLOAD_BYTES) throw new AppError("payload_too_large", `A document is at most ${MAX_UPLOAD_BYTES} bytes.`, { maxBytes: MAX_UPLOAD_BYTES });
  return { name: input.fileName, bytes };
}

export const convertRouter = router({
  formats: procedureOf(listFormatsEndpoint),
  printPreview: procedureOf(printPreviewEndpoint),
  /** Text formats only (Markdown, HTML, plain text, LaTeX …): the answer is base64 whatever it is. */
  convert: operationProcedure("convert.run")
    .input(z.strictObject({ from: formatId, to: formatId, content: documentText(), async: z.boolean().optional(), notes: notesOption }))
    .output(conversionSchema)
    .mutation(async ({ input, ctx, signal }) => toWire(await convertDocument({ ...input, signal }, ctx.principal))),
  export: operationProcedure("books.export")
    .input(
      z.strictObject({
        ...bookIdParams.shape,
        format: formatId,
        manuscript: z.boolean().optional(),
        smartPunctuation: z.boolean().optional(),
        notes: notesOption,
        trimSize: trimSizeOption.optional(),
        theme: themeOption.optional(),
        ...printOptionsInput,
        ...compileOptionsInput,
        bibleAppendix: z.boolean().optional(),
        cover: z.boolean().optional().describe("EPUB: false leaves the book's cover out; true requires one"),
        async: z.boolean().optional(),
      }),
    )
    .output(conversionSchema)
    .mutation(async ({ input, ctx }) => toWire(await exportBook(input, ctx.principal))),
  /** REST's GET /books/{bookId}/cover-template: the PDF in base64, and its measurements. */
  coverTemplate: operationProcedure("books.export")
    .input(
      z.strictObject({
        ...bookIdParams.shape,
        trimSize: coverTemplateQuery.shape.trimSize,
        paper: coverTemplateQuery.shape.paper,
        pageCount: z.int().min(1).max(MAX_COVER_PAGES).optional().describe(coverTemplateQuery.shape.pageCount.description ?? ""),
        rightHandChapters: z.boolean().optional().describe("without pageCount: count the pages with every chapter opening on a right-hand page"),
      }),
    )
    .output(z.object({ file: fileSchema, dimensions: coverDimensionsSchema }))
    .query(async ({ input, ctx }) => {
      const { file, dimensions } = await coverTemplate(input, ctx.principal);
      return { file: { name: file.name, mediaType: file.mediaType, base64: Buffer.from(file.bytes).toString("base64") }, dimensions };
    }),
  import: operationProcedure("books.import")
    .input(z.strictObject({ ...manuscriptUpload, title: storedText().trim().min(1).max(200).optional(), language: importInput.shape.language }).refine(...sendsOneDocument))
    .output(importResultSchema)
    .mutation(({ input, ctx }) =>
      importBook({ file: uploadOf(input), title: input.title, from: input.from, chapterPattern: input.chapterPattern, skipChapters: input.skipChapters, language: input.language }, ctx.principal),
    ),
  // A dry run of `import`: the chapters it would make, nothing saved (REST: POST /books/import/preview).
  importPreview: operationProcedure("books.import")
    .input(z.strictObject({ ...manuscriptUpload, title: storedText().trim().min(1).max(200).optional(), language: importInput.shape.language }).refine(...sendsOneDocument))
    .output(importPreviewSchema)
    .mutation(({ input, ctx }) =>
      previewImport({ file: uploadOf(input), title: input.title, from: input.from, chapterPattern: input.chapterPattern, skipChapters: input.skipChapters, language: input.language }, ctx.principal),
    ),
  importInto: operationProcedure("books.import")
    .input(z.strictObject({ ...manuscriptUpload, ...bookIdParams.shape }).refine(...sendsOneDocument))
    .output(importResultSchema)
    .mutation(({ input, ctx }) => importChapters({ bookId: input.bookId, file: uploadOf(input), from: input.from, chapterPattern: input.chapterPattern, skipChapters: input.skipChapters }, ctx.principal)),
});
