import { isUtf8 } from "node:buffer";
import { z } from "zod";
import { AppError, fieldProblems } from "../errors";

export const DEFAULT_BODY_LIMIT = 64 * 1024;

/** Reads the body, refusing it with 413 once it passes `maxBytes`, whatever Content-Length claims. */
export async function readLimited(request: Request, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw tooLarge(maxBytes);
  if (!request.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

function tooLarge(maxBytes: number): AppError {
  return new AppError("payload_too_large", `The body is larger than this endpoint accepts (${maxBytes} bytes).`, {
    maxBytes,
  });
}

/**
 * A form's parts as the body's attributes, a `file` part standing for `content`. A part sent twice,
 * or a file and a content part together, is refused: taking one of them would be a guess.
 */
async function formFields(form: FormData, binaryFiles: boolean): Promise<Record<string, unknown>> {
  const fields: Record<string, unknown> = {};
  const sent = new Set<string>();
  const problems: { path: string; message: string }[] = [];
  for (const [key, value] of form) {
    const field = key === "file" && !binaryFiles ? "content" : key;
    if (sent.has(key)) problems.push({ path: key, message: "sent more than once" });
    else if (Object.hasOwn(fields, field)) problems.push({ path: key, message: "send the text as a file or as content, not both" });
    sent.add(key);
    if (typeof value === "string") fields[field] = value;
    else fields[field] = binaryFiles ? { name: value.name, bytes: new Uint8Array(await value.arrayBuffer()) } : await value.text();
  }
  if (problems.length > 0) throw new AppError("validation_failed", "The upload is ambiguous.", problems);
  return fields;
}

function mediaType(request: Request): string {
  return (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
}

/** Validates with zod: a failure is 422 with one entry per field. */
export function validate<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new AppError("validation_failed", "Some fields are not valid.", fieldProblems(parsed.error.issues));
  }
  return parsed.data;
}

/** A file part of a multipart body, as its bytes (documents such as DOCX are not text). */
export interface UploadedFile {
  name: string;
  bytes: Uint8Array;
}

export const uploadedFile = z
  .custom<UploadedFile>((value) => typeof value === "object" && value !== null && (value as UploadedFile).bytes instanceof Uint8Array, "send a file part")
  .meta({ override: { type: "string", format: "binary" } });

/**
 * The request body as the schema's type. JSON always; multipart/form-data too where the endpoint
 * takes uploads: a `file` part stands for `content`, or with `binary` stays the file's bytes.
 */
export async function readBody<S extends z.ZodType>(
  request: Request,
  schema: S,
  options: { maxBytes: number; multipart: boolean | "binary" },
): Promise<z.output<S>> {
  const type = mediaType(request);
  if (type === "application/json" || type.endsWith("+json")) {
    const bytes = await readLimited(request, options.maxBytes);
    let value: unknown;
    try {
      value = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
    } catch {
      throw new AppError("malformed_json", "The body is not valid JSON.");
    }
    return validate(schema, value);
  }
  if (options.multipart && type === "multipart/form-data") {
    const bytes = await readLimited(request, options.maxBytes);
    // Parsing the form would quietly turn bytes that are not UTF-8 into U+FFFD, so they are looked
    // for first: part headers and boundaries are ASCII, so any such bytes are in a part's text.
    if (options.multipart !== "binary" && !isUtf8(bytes)) {
      throw new AppError("validation_failed", "The upload is not UTF-8 text.", [{ path: "file", message: "must be UTF-8 text" }]);
    }
    let form: FormData;
    try {
      form = await new Response(new Uint8Array(bytes), { headers: { "content-type": request.headers.get("content-type")! } }).formData();
    } catch {
      throw new AppError("malformed_request", "The multipart body could not be read.");
    }
    return validate(schema, await formFields(form, options.multipart === "binary"));
  }
  const accepted = options.multipart ? "application/json or multipart/form-data" : "application/json";
  throw new AppError("unsupported_media_type", `Send the body as ${accepted}.`, { accepted });
}
