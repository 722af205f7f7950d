import type { z } from "zod";
import { AppError } from "../errors";
import { readLimited, validate } from "../request/body";
import { decodeUtf8Body, parseJsonBody } from "../request/decode-body";
import { readParts, type FormPart } from "./multipart";

interface ReadBodyOptions {
  maxBytes: number;
  multipart: boolean | "binary";
  /** whether JSON is taken (by default it is); an upload whose file JSON cannot carry says false */
  json?: boolean;
  /** whose turn a large body's parsing takes in the worker pool (fairness) */
  owner?: string;
}

/**
 * The request body as the schema's type. JSON unless the endpoint says otherwise; multipart/form-data
 * too where the endpoint takes uploads: a `file` part stands for `content`, or with `binary` stays
 * the file's bytes. Any other type is 415, naming the types taken, before the body is read. Large
 * bodies are parsed off the web thread (see decode-body.ts); every limit the schema sets is checked
 * on the decoded value, so it holds however the body was spelt.
 */
export async function readBody<S extends z.ZodType>(request: Request, schema: S, options: ReadBodyOptions): Promise<z.output<S>> {
  const type = mediaType(request);
  const json = options.json ?? true;
  if (json && (type === "application/json" || type.endsWith("+json"))) {
    const bytes = await readLimited(request, options.maxBytes);
    return validate(schema, await parseJsonBody(bytes, options.owner));
  }
  if (options.multipart && type === "multipart/form-data") {
    const parts = await readParts(request, options.maxBytes);
    return validate(schema, await formFields(parts, options.multipart === "binary", options.owner));
  }
  const accepted = [...(json ? ["application/json"] : []), ...(options.multipart ? ["multipart/form-data"] : [])].join(" or ");
  const message = json
    ? `Send the body as ${accepted}.`
    : "Send the body as multipart/form-data, the file in a `file` part: JSON cannot carry a file's bytes.";
  throw new AppError("unsupported_media_type", message, { accepted });
}

function mediaType(request: Request): string {
  return (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
}

/**
 * A form's parts as the body's attributes, a `file` part standing for `content`. A part sent twice,
 * or a file and a content part together, is refused: taking one of them would be a guess. Every
 * part but a `binary` endpoint's files is text, and must be UTF-8.
 */
async function formFields(parts: FormPart[], binaryFiles: boolean, owner: string | undefined): Promise<Record<string, unknown>> {
  const fields: Record<string, unknown> = {};
  const sent = new Set<string>();
  const problems: { path: string; message: string }[] = [];
  for (const part of parts) {
    const field = part.name === "file" && !binaryFiles ? "content" : part.name;
    if (sent.has(part.name)) problems.push({ path: part.name, message: "sent more than once" });
    else if (Object.hasOwn(fields, field)) problems.push({ path: part.name, message: "send the text as a file or as content, not both" });
    sent.add(part.name);
    if (part.fileName !== undefined && binaryFiles) fields[field] = { name: part.fileName, bytes: part.bytes };
    else fields[field] = await decodeUtf8Body(part.bytes, part.name, owner);
  }
  if (problems.length > 0) throw new AppError("validation_failed", "The upload is ambiguous.", problems);
  return fields;
}
