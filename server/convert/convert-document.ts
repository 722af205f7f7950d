import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { AppError } from "../errors";
import { safeFileName } from "./file-name";
import type { UploadedFile } from "../request/schemas";
import { enqueueJob } from "../jobs/enqueue-job";
import type { JobDto } from "../jobs/schemas";
import { convert } from "./engine";
import { isTextFormat, requireFormat, type Format } from "./formats";
import { conversionJob } from "./jobs";
import { INLINE_CONVERT_BYTES } from "./schemas";
import { CONVERSION_TIMEOUT_MS } from "./time-limit";

interface ConvertDocumentOptions {
  file?: UploadedFile;
  /** a text format's document as a string (JSON callers) */
  content?: string;
  from?: string;
  to: string;
  /** always answer with a job */
  async?: boolean;
  /** include the writer's private notes */
  notes?: boolean;
  /** the request's: a caller who hangs up frees the converter at once, not at the deadline */
  signal?: AbortSignal;
}

interface ConvertedFile {
  bytes: Uint8Array;
  name: string;
  mediaType: string;
}

/** Either the converted file, or (large input, or asked for) the job that will make it. */
export type Conversion = { file: ConvertedFile; job?: undefined } | { job: JobDto; file?: undefined };

// POST /api/v1/convert — one document into another format, inline or as a background job.
export async function convertDocument(options: ConvertDocumentOptions, principal: Principal): Promise<Conversion> {
  authorize(principal, "convert.run");
  const to = requireFormat(options.to, "write");
  const { bytes, name, from } = documentOf(options);
  if (bytes.byteLength === 0) throw new AppError("validation_failed", "The document is empty.", [{ path: "file", message: "is empty" }]);
  const baseName = name.replace(/\.[^.]*$/, "") || "document";
  // With no format named, the worker detects it (a job's, when the job runs): sniffing an upload is
  // not work for the thread that answers requests.
  if (options.async || bytes.byteLength > INLINE_CONVERT_BYTES) {
    return { job: await enqueueJob(conversionJob, { from: from?.id, fileName: name, to: to.id, baseName, notes: options.notes }, principal, { inputFile: bytes }) };
  }
  const written = await convert(bytes, from?.id, to.id, { timeoutMs: CONVERSION_TIMEOUT_MS, signal: options.signal, fileName: name, owner: principal.userId, notes: options.notes });
  return { file: { bytes: written.bytes, mediaType: written.mediaType, name: safeFileName(baseName, written.extension) } };
}

function documentOf(options: ConvertDocumentOptions): { bytes: Uint8Array; name: string; from?: Format } {
  if (options.content !== undefined) {
    if (!options.from) {
      throw new AppError("validation_failed", "Name the content's format.", [{ path: "from", message: "required with content" }]);
    }
    const from = requireFormat(options.from, "read");
    if (!isTextFormat(from)) {
      throw new AppError("unsupported_format", `${from.name} is not a text format: upload it as a file (multipart).`, { from: from.id });
    }
    return { bytes: new TextEncoder().encode(options.content), name: `document.${from.extensions[0] ?? from.id}`, from };
  }
  const file = options.file!;
  return { bytes: file.bytes, name: file.name, from: options.from === undefined ? undefined : requireFormat(options.from, "read") };
}
