/**
 * Inkstone's conversion engine: pure functions from bytes to the document model and back, no
 * database, no HTTP. Readers and writers that may take long (pandoc, DOCX, EPUB, PDF) run in the
 * worker pool when called from a server thread, so a request thread is never blocked by them.
 */
import { FORMATS as ALL_FORMATS, type FormatInfo } from "./formats";
import type { DocumentModel, ReadOptions, WriteOptions, WrittenDocument } from "./model";
import { runTask, type TaskOptions } from "./pool";
import { canRead, canWrite, convertHere, readHere, requireReadable, requireWritable, writeHere } from "./run";
import { isInsideWorker } from "./where";

export { detectFormat } from "./detect";
export { ZIP_LIMITS } from "./zip";
export { DEFAULT_TIMEOUT_MS, MAX_QUEUE, POOL_SIZE, runTask } from "./pool";
export type { Chapter, DocumentModel, ManuscriptOptions, ReadOptions, WriteOptions, WrittenDocument } from "./model";

export type Format = FormatInfo;

/** Every format with what really works for it; `container` says whether it travels as text. */
export const FORMATS: readonly Format[] = ALL_FORMATS.map((format) => ({
  ...format,
  read: format.read && canRead(format.id),
  write: format.write && canWrite(format.id),
})).filter((f) => f.read || f.write);

/** Formats whose reading or writing can take seconds on a novel: off the caller's thread. */
const HEAVY_READ = new Set(["docx", "epub"]);
const HEAVY_WRITE = new Set(["docx", "epub", "pdf"]);
/**
 * Above this much text even the light paths (HTML through turndown above all: ~0.2 s for a
 * 100,000-word novel) would hold a request thread past 100 ms, so they go to the pool as well.
 */
export const INLINE_LIMIT = 256 * 1024;

const offThread = (id: string, heavy: Set<string>, size: number) =>
  !isInsideWorker() && (heavy.has(id) || size > INLINE_LIMIT || ALL_FORMATS.find((f) => f.id === id)?.engine === "pandoc");

const modelSize = (model: DocumentModel) => model.chapters.reduce((sum, c) => sum + c.markdown.length + c.title.length, 0);

/** How work done in the pool is bounded (see TaskOptions): a time limit from queueing, an AbortSignal. */
export type RunOptions = TaskOptions;

export async function readDocument(bytes: Uint8Array, format: string, options: ReadOptions & RunOptions = {}): Promise<DocumentModel> {
  const { timeoutMs, signal, ...readOptions } = options;
  if (offThread(format, HEAVY_READ, bytes.length)) {
    requireReadable(format);
    return (await runTask({ op: "read", bytes, format, options: readOptions }, { timeoutMs, signal })) as DocumentModel;
  }
  return readHere(bytes, format, readOptions);
}

export async function writeDocument(model: DocumentModel, format: string, options: WriteOptions & RunOptions = {}): Promise<WrittenDocument> {
  const { timeoutMs, signal, ...writeOptions } = options;
  if (offThread(format, HEAVY_WRITE, modelSize(model))) {
    requireWritable(format);
    return (await runTask({ op: "write", model, format, options: writeOptions }, { timeoutMs, signal })) as WrittenDocument;
  }
  return writeHere(model, format, writeOptions);
}

export async function convert(bytes: Uint8Array, from: string, to: string, options: ReadOptions & WriteOptions & RunOptions = {}): Promise<WrittenDocument> {
  const { timeoutMs, signal, ...rest } = options;
  if (offThread(from, HEAVY_READ, bytes.length) || offThread(to, HEAVY_WRITE, 0)) {
    requireReadable(from);
    requireWritable(to);
    return (await runTask({ op: "convert", bytes, from, to, options: rest }, { timeoutMs, signal })) as WrittenDocument;
  }
  return convertHere(bytes, from, to, rest);
}
