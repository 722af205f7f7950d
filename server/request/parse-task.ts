import { AppError } from "../errors";

/**
 * Decoding and parsing a large request body, for a worker thread (see server/workers): the web
 * thread only reads the bytes and gets the value back. Both are linear in the body's size.
 */
export type ParseTask =
  | { op: "parse-json"; bytes: Uint8Array }
  /** `path` names the part in the error when the bytes are not UTF-8 */
  | { op: "decode-utf8"; bytes: Uint8Array; path: string };

/**
 * The most values (objects, arrays, strings, numbers …) a body may hold. Every input takes a few
 * fields, a long text among them; a body of millions of tiny values is no document, and handing
 * it back from a worker costs the web thread as much as parsing it (structured clone).
 */
export const MAX_JSON_VALUES = 100_000;

/** The body as JSON: not UTF-8, not JSON, or too many values is refused. */
export function parseJsonHere(bytes: Uint8Array): unknown {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    throw new AppError("malformed_json", "The body is not valid JSON.");
  }
  if (countValues(value, MAX_JSON_VALUES) > MAX_JSON_VALUES) {
    throw new AppError("payload_too_large", `The body holds more than ${MAX_JSON_VALUES} JSON values.`, { maxValues: MAX_JSON_VALUES });
  }
  return value;
}

/** Counts values with an explicit stack (a deep body cannot overflow it), stopping past `cap`. */
function countValues(root: unknown, cap: number): number {
  const stack: unknown[] = [root];
  let count = 1;
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value !== "object" || value === null) continue;
    const children: unknown[] = Array.isArray(value) ? value : Object.values(value);
    count += children.length;
    if (count > cap) return count;
    for (const child of children) if (typeof child === "object" && child !== null) stack.push(child);
  }
  return count;
}

/** A text part's bytes as a string: bytes that are not UTF-8 are refused, naming the part. */
export function decodeUtf8Here(bytes: Uint8Array, path: string): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new AppError("validation_failed", "The upload is not UTF-8 text.", [{ path, message: "must be UTF-8 text" }]);
  }
}

/** Runs a parse task on the current thread: called inside a worker only (server/workers). */
export function performParseTask(task: ParseTask): unknown {
  switch (task.op) {
    case "parse-json":
      return parseJsonHere(task.bytes);
    case "decode-utf8":
      return decodeUtf8Here(task.bytes, task.path);
  }
}
