/**
 * Inkstone's conversion engine: pure functions from bytes to the document model and back, no
 * database, no HTTP. Called from a server thread, every read and write runs in the worker pool
 * (server/workers), whose deadline and memory cap hold from outside the work; inside a worker
 * (or a test or script that calls `*Here`) it runs on the current thread.
 */
import { AppError } from "../../errors";
import { runInWorker } from "../../workers/pool";
import { FORMATS as ALL_FORMATS, type FormatInfo } from "./formats";
import type { DocumentModel, ReadOptions, WriteOptions, WrittenDocument } from "./model";
import { convertHere, readHere, requireReadable, requireWritable, writeHere } from "./run";
import type { ConvertTask } from "./task";
import { isInsideWorker } from "./where";

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
 * takes 2–3 s to load and ~15 s a MiB on a busy 2-core machine (docs/design, §6). Twice that, from
 * the moment a worker takes it, is all a document gets, so an input that makes no progress (a
 * 20-byte Typst `#while true { }`, which pandoc's Typst reader evaluates forever) frees its worker
 * within seconds rather than holding it for the caller's two minutes. The caller's limit still
 * counts from queueing (docs/decisions/0448-a-conversion-gets-time-for-its-size.md).
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
const ranTooLong = (runTimeoutMs: number) => () =>
  new AppError("conversion_timed_out", `The conversion ran for ${Math.round(runTimeoutMs / 1000)} s, the most a document of this size gets, without finishing, and was stopped.`, { timeoutMs: runTimeoutMs });

function inWorker<T>(task: ConvertTask, { timeoutMs = DEFAULT_TIMEOUT_MS, signal, owner }: RunOptions): Promise<T> {
  const runTimeoutMs = Math.min(timeoutMs, budgetFor(task.op === "write" ? modelSize(task.model) : task.bytes.byteLength));
  return runInWorker<T>(task, {
    timeoutMs,
    runTimeoutMs,
    timeoutError: timedOut(timeoutMs),
    runTimeoutError: ranTooLong(runTimeoutMs),
    signal,
    owner,
  });
}

/** A document into the model; with no `format`, the worker detects it from `fileName` and the bytes. */
export async function readDocument(bytes: Uint8Array, format: string | undefined, options: ReadOptions & RunOptions = {}): Promise<DocumentModel> {
  const { timeoutMs, signal, owner, ...readOptions } = options;
  if (isInsideWorker()) return readHere(bytes, format, readOptions);
  if (format !== undefined) requireReadable(format);
  return inWorker({ op: "read", bytes, format, options: readOptions }, { timeoutMs, signal, owner });
}

export async function writeDocument(model: DocumentModel, format: string, options: WriteOptions & RunOptions = {}): Promise<WrittenDocument> {
  const { timeoutMs, signal, owner, ...writeOptions } = options;
  if (isInsideWorker()) return writeHere(model, format, writeOptions);
  requireWritable(format);
  return inWorker({ op: "write", model, format, options: writeOptions }, { timeoutMs, signal, owner });
}

/** A document into another format; with no `from`, the worker detects it from `fileName` and the bytes. */
export async function convert(bytes: Uint8Array, from: string | undefined, to: string, options: ReadOptions & WriteOptions & RunOptions = {}): Promise<WrittenDocument> {
  const { timeoutMs, signal, owner, ...rest } = options;
  if (isInsideWorker()) return convertHere(bytes, from, to, rest);
  if (from !== undefined) requireReadable(from);
  requireWritable(to);
  return inWorker({ op: "convert", bytes, from, to, options: rest }, { timeoutMs, signal, owner });
}
