import { z } from "zod";
import { defineJob } from "../jobs/define-job";
import { convert, writeDocument } from "./engine";
import { LINE_ENDINGS, MANUSCRIPT_FONTS, MANUSCRIPT_PAPER, PARAGRAPH_SPACINGS, SCENE_BREAKS, TEXT_ENCODINGS, TEXT_LAYOUTS, TEXT_SPLITS, TRIM_SIZES, type SceneBreak } from "./engine/export-options";
import { CONVERSION_JOB_TTL_SECONDS } from "./schemas";
import { safeFileName } from "./file-name";
import { CONVERSION_TIMEOUT_MS } from "./time-limit";

/**
 * The background halves of conversion and export. Each takes its document as the job's input
 * file, so a job converts what the caller sent (or the book as it was when asked for), and the
 * result is downloaded from the job until it expires.
 */

// The engine stops the worker at CONVERSION_TIMEOUT_MS and reports conversion_timed_out; the job's
// own limit is a backstop a little later, so the writer reads the engine's clearer error. The job's
// signal still reaches the pool: a job given up on leaves no conversion queued or running for it.
// The work is the job owner's, so the pool shares its workers between writers' jobs as between
// their requests.
const JOB_TIMEOUT_MS = CONVERSION_TIMEOUT_MS + 10_000;

export const conversionJob = defineJob({
  kind: "convert.document",
  // No `from`: the worker detects the format from the file's name and bytes.
  input: z.object({ from: z.string().optional(), fileName: z.string().optional(), to: z.string(), baseName: z.string(), notes: z.boolean().optional() }),
  ttlSeconds: CONVERSION_JOB_TTL_SECONDS,
  timeoutMs: JOB_TIMEOUT_MS,
  async run(input, context, inputFile) {
    await context.reportProgress(0.1);
    const written = await convert(inputFile ?? new Uint8Array(), input.from, input.to, {
      timeoutMs: CONVERSION_TIMEOUT_MS,
      signal: context.signal,
      owner: context.ownerId,
      notes: input.notes,
      ...(input.fileName && { fileName: input.fileName }),
    });
    return { file: { bytes: written.bytes, mediaType: written.mediaType, name: safeFileName(input.baseName, written.extension) } };
  },
});

const manuscriptSchema = z.object({ author: z.string(), surname: z.string(), contact: z.string().optional(), paper: z.enum(MANUSCRIPT_PAPER).optional(), font: z.enum(MANUSCRIPT_FONTS).optional() });
const sceneBreakSchema = z.enum(Object.keys(SCENE_BREAKS) as [SceneBreak, ...SceneBreak[]]);
const textOptionsSchema = z.object({
  layout: z.enum(TEXT_LAYOUTS).optional(),
  paragraphSpacing: z.enum(PARAGRAPH_SPACINGS).optional(),
  lineEndings: z.enum(LINE_ENDINGS).optional(),
  encoding: z.enum(TEXT_ENCODINGS).optional(),
  split: z.enum(TEXT_SPLITS).optional(),
});

export const exportJob = defineJob({
  kind: "convert.export",
  input: z.object({ to: z.string(), title: z.string(), manuscript: manuscriptSchema.optional(), smartPunctuation: z.boolean().optional(), notes: z.boolean().optional(), trimSize: z.enum(TRIM_SIZES).optional(), rightHandChapters: z.boolean().optional(), pdfx: z.boolean().optional(), sceneBreak: sceneBreakSchema.optional(), text: textOptionsSchema.optional() }),
  ttlSeconds: CONVERSION_JOB_TTL_SECONDS,
  timeoutMs: JOB_TIMEOUT_MS,
  async run(input, context, inputFile) {
    await context.reportProgress(0.1);
    const model = JSON.parse(new TextDecoder().decode(inputFile ?? new Uint8Array()));
    const written = await writeDocument(model, input.to, {
      timeoutMs: CONVERSION_TIMEOUT_MS,
      signal: context.signal,
      owner: context.ownerId,
      notes: input.notes,
      ...(input.manuscript && { manuscript: input.manuscript }),
      ...(input.smartPunctuation && { smartPunctuation: true }),
      ...(input.trimSize && { trimSize: input.trimSize }),
      ...(input.rightHandChapters && { rightHandChapters: true }),
      ...(input.pdfx && { pdfx: true }),
      ...(input.sceneBreak && { sceneBreak: input.sceneBreak }),
      ...(input.text && { text: input.text }),
    });
    return { file: { bytes: written.bytes, mediaType: written.mediaType, name: safeFileName(input.title, written.extension) } };
  },
});
