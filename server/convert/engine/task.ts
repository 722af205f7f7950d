import type { DocumentModel, ReadOptions, WriteOptions, WrittenDocument } from "./model";

/** What the pool sends a conversion worker, and what comes back. */
export type Task =
  | { op: "read"; bytes: Uint8Array; format: string; options?: ReadOptions }
  | { op: "write"; model: DocumentModel; format: string; options?: WriteOptions }
  | { op: "convert"; bytes: Uint8Array; from: string; to: string; options?: ReadOptions & WriteOptions };

export type TaskResult = DocumentModel | WrittenDocument;

export type WorkerReply = { ok: true; value: TaskResult } | { ok: false; error: { code?: string; message: string; details?: unknown } };
