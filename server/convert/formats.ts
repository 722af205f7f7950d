import { AppError, type ErrorCode } from "../errors";
import { FORMATS } from "./engine";
import { formatById } from "./engine/formats";

export type Format = (typeof FORMATS)[number];

/** The formats that can be written, for error details and negotiation. */
export const writableFormats = (): Format[] => FORMATS.filter((f) => f.write);

/**
 * A format the engine can read (or write), or the error this transport answers for one it
 * cannot: 422 unsupported_format on a POST, 406 not_acceptable for an export.
 */
export function requireFormat(id: string, direction: "read" | "write", error: ErrorCode = "unsupported_format"): Format {
  const format = formatById(id);
  if (format?.[direction]) return format;
  const able = FORMATS.filter((f) => f[direction]).map((f) => f.id);
  const message = format ? `Inkstone cannot ${direction} ${format.name}.` : `"${id}" is not a format Inkstone knows.`;
  throw new AppError(error, `${message} It can ${direction}: ${able.join(", ")}.`, { [direction === "read" ? "readable" : "writable"]: able });
}

/** Text formats may travel as a JSON string; the rest (zips, PDF) only as a file. */
export function isTextFormat(format: Format): boolean {
  return format.container === "text";
}

/** The media type and extension of a file written in this format, known before it is written (HEAD). */
export function writtenAs(format: Format): { mediaType: string; extension: string } {
  // The writers write text as UTF-8 and say so, as a file's Content-Type.
  return { mediaType: isTextFormat(format) ? `${format.mediaType}; charset=utf-8` : format.mediaType, extension: format.extensions[0] ?? format.id };
}
