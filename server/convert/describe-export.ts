import type { Principal } from "../auth/principal";
import { planExport, type ExportOptions } from "./export-book";
import { safeFileName } from "./file-name";
import { writtenAs } from "./formats";

/**
 * HEAD /api/v1/books/{bookId}/export — what GET would send (its type and name) after the same
 * checks, without writing the book or queueing a job: HEAD is safe, and a long book's export is
 * minutes of work. Its size is known only once it is written, so it is not told.
 */
export async function describeExport(options: ExportOptions, principal: Principal): Promise<{ name: string; mediaType: string }> {
  const { book, format, text } = await planExport(options, principal);
  // Plain text's choices change what is sent: a zip of chapters, or text in GB18030.
  if (text?.split === "chapters") return { name: safeFileName(book.title, "zip"), mediaType: "application/zip" };
  const written = writtenAs(format);
  const mediaType = text?.encoding === "gb18030" ? "text/plain; charset=gb18030" : written.mediaType;
  const extension = written.extension;
  return { name: safeFileName(book.title, extension), mediaType };
}
