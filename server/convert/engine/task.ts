import type { DocumentModel, ReadOptions, WriteOptions, WrittenDocument } from "./model";

/**
 * The conversion engine's work for a worker thread (see server/workers). A document's format may be
 * left out: the worker then detects it from `options.fileName` and the bytes, so that sniffing an
 * upload (walking a zip's directory, say) never runs on the thread that answers requests.
 */
export type ConvertTask =
  | { op: "read"; bytes: Uint8Array; format?: string; options?: ReadOptions }
  | { op: "write"; model: DocumentModel; format: string; options?: WriteOptions }
  | { op: "convert"; bytes: Uint8Array; from?: string; to: string; options?: ReadOptions & WriteOptions };

export type ConvertResult = DocumentModel | WrittenDocument;

