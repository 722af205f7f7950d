/**
 * Inkstone's conversion engine: pure functions from bytes to the document model and back, no
 * database, no HTTP. Called from a server thread, every read and write runs in the worker pool
 * (server/workers), whose deadline and memory cap hold from outside the work; inside a worker
 * (or a test or script that calls `*Here`) it runs on the current thread.
 */
import { AppError } from "../../errors";
import { lazy } from "../../lazy";
import { runInWorker } from "../../workers/pool";
import { FORMATS as ALL_FORMATS, type FormatInfo } from "./formats";
import type { DocumentModel, ReadOptions, WriteOptions, WrittenDocument } from "./model";
import { requireReadable, requireWritable } from "./require-format";
import type { ConvertTask } from "./task";
import { isInsideWorker } from "./where";

// The readers and writers (mammoth, docx, turndown, the charset detector …), loaded only where the
// work is done on this thread, inside a worker: a server thread hands it to the pool (decision 0518).
const here = lazy(() => import("./run"));

export { detectFormat } from "./detect";
export { ZIP_LIMITS } from "./zip";
export type { Chapter, DocumentModel, ManuscriptOptions, ReadOptions, WriteOptions, WrittenDocument } from "./model";

export type Format = FormatInfo;

/** Every format the engine reads or writes (the table in formats.ts). */
export const FORMATS: readonly Format[] = ALL_FORMATS;

/** The longest a conversion may take, waiting for a free worker included, unless the caller says. */
const DEFAULT_TIMEOUT_MS = 120_000;

/**
 * A conversion's time is about proportional to its document: the slowest route, pandoc-wasm,
 * takes 2–3 s to load and ~15 s a MiB on a busy 2-core machine (docs/design, §6). Past about
 * twice that from when a worker takes it, a conversion gives its worker up to another writer who
 * waits for one (the pool's yieldAfterMs), so inputs that make no progress (a 20-byte Typst
 * `#while true { }`, which pandoc's Typst reader evaluates forever) cannot hold the converters
 * against others for the caller's two minutes; with nobody waiting, it keeps the caller's limit
 * (docs/decisions/0448-a-conversion-gets-time-for-its-size.md).
 */
const BUDGET_BASE_MS = 10_000;
const BUDGET_PER_MIB_MS = 30_000;

function budgetFor(characters: number): number {
  return BUDGET_BASE_MS + Math.ceil((characters / (1024 * 1024)) * BUDGET_PER_MIB_MS);
}

function modelSize(model: DocumentModel): number {
  let size = (model.cover?.base64.length ?? 0) + (model.title?.length ?? 0);
  for (const chapter of [...model.chapters, ...(model.backMatter ?? [])]) size += chapter.title.length + chapter.markdown.length;
  return size;
}

/** How work done in the pool is bounded: a time limit from queueing, an AbortSignal, the writer it is for. */
export interface RunOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
  /** the writer the work is for: the pool shares its workers fairly between writers */
  owner?: string;
}

const timedOut = (timeoutMs: number) => () =>
  new AppError("conversion_timed_out", `The conversion did not finish within ${Math.round(timeoutMs / 1000)} s (waiting for a free converter included) and was stopped.`, { timeoutMs });
const yielded = (yieldAfterMs: number) => () =>
  new AppError(
    "conversion_timed_out",
    `The conversion ran past ${Math.round(yieldAfterMs / 1000)} s, more than a document of this size needs, while other writers waited for a converter, and was stopped.`,
    { timeoutMs: yieldAfterMs },
  );

function inWorker<T>(task: ConvertTask, { timeoutMs = DEFAULT_TIMEOUT_MS, signal, owner }: RunOptions): Promise<T> {
  const yieldAfterMs = budgetFor(task.op === "write" ? modelSize(task.model) : task.bytes.byteLength);
  return runInWorker<T>(task, { timeoutMs, timeoutError: timedOut(timeoutMs), yieldAfterMs, yieldError: yielded(yieldAfterMs), signal, owner });
}

/** A document into the model; with no `format`, the worker detects it from `fileName` and the bytes. */
export async function readDocument(bytes: Uint8Array, format: string | undefined, options: ReadOptions & RunOptions = {}): Promise<DocumentModel> {
  const { timeoutMs, signal, owner, ...readOptions } = options;
  if (isInsideWorker()) return (await here()).readHere(bytes, format, readOptions);
  if (format !== undefined) requireReadable(format);
  return inWorker({ op: "read", bytes, format, options: readOptions }, { timeoutMs, signal, owner });
}

export async function writeDocument(model: DocumentModel, format: string, options: WriteOptions & RunOptions = {}): Promise<WrittenDocument> {
  const { timeoutMs, signal, owner, ...writeOptions } = options;
  if (isInsideWorker()) return (await here()).writeHere(model, format, writeOptions);
  requireWritable(format);
  return inWorker({ op: "write", model, format, options: writeOptions }, { timeoutMs, signal, owner });
}

/** A document into another format; with no `from`, the worker detects it from `fileName` and the bytes. */
export async function convert(bytes: Uint8Array, from: string | undefined, to: string, options: ReadOptions & WriteOptions & RunOptions = {}): Promise<WrittenDocument> {
  const { timeoutMs, signal, owner, ...rest } = options;
  if (isInsideWorker()) return (await here()).convertHere(bytes, from, to, rest);
  if (from !== undefined) requireReadable(from);
  requireWritable(to);
  return inWorker({ op: "convert", bytes, from, to, options: rest }, { timeoutMs, signal, owner });
}
