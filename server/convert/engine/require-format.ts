import { AppError } from "../../errors";
import { formatById, type FormatInfo } from "./formats";

/** The format of that id, if the engine reads it; else unsupported_format. */
export function requireReadable(id: string): FormatInfo {
  const format = formatById(id);
  if (!format?.read) throw new AppError("unsupported_format", `Inkstone cannot read "${id}" documents.`, { format: id });
  return format;
}

/** The format of that id, if the engine writes it; else unsupported_format. */
export function requireWritable(id: string): FormatInfo {
  const format = formatById(id);
  if (!format?.write) throw new AppError("unsupported_format", `Inkstone cannot write "${id}" documents.`, { format: id });
  return format;
}
