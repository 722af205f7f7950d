import type { Principal } from "../auth/principal";
import { planExport, type ExportBookOptions } from "./export-book";
import { safeFileName } from "./file-name";
import { writtenAs } from "./formats";

/**
 * HEAD /api/v1/books/{bookId}/export — what GET would send (its type and name) after the same
 * checks, without writing the book or queueing a job: HEAD is safe, and a long book's export is
 * minutes of work. Its size is known only once it is written, so it is not told.
 */
export async function describeExport(options: ExportBookOptions, principal: Principal): Promise<{ name: string; mediaType: string }> {
  const { book, format } = await planExport(options, principal);
  const { mediaType, extension } = writtenAs(format);
  return { name: safeFileName(book.title, extension), mediaType };
}
