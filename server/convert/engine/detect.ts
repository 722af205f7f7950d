import { AppError } from "../../errors";
import { FORMATS, formatByExtension, formatById, type FormatInfo } from "./formats";
import { expandEntry, isZip, readZipDirectory } from "./zip";

/** What the bytes say they are: a format id when they say it clearly, else their container. */
function sniff(bytes: Uint8Array): { container: FormatInfo["container"] | "binary"; id?: string } {
  if (isZip(bytes)) return { container: "zip", id: zipFormat(bytes) };
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, 4096));
  if (head.startsWith("%PDF-")) return { container: "pdf", id: "pdf" };
  if (/^\s*\{\\rtf/.test(head)) return { container: "text", id: "rtf" };
  // UTF-16 is full of NUL bytes; with its byte-order mark it is text that the text readers decode.
  if (hasUtf16ByteOrderMark(bytes)) return { container: "text" };
  if (!looksLikeText(bytes)) return { container: "binary" };
  if (/^\uFEFF?\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<FictionBook\b/.test(head)) return { container: "text", id: "fb2" };
  if (/^\uFEFF?\s*(<\?xml[^>]*>\s*)?<opml\b/.test(head)) return { container: "text", id: "opml" };
  if (/^\uFEFF?\s*(<\?xml[^>]*>\s*)?(<!DOCTYPE html|<html\b)/i.test(head)) return { container: "text", id: "html" };
  return { container: "text" };
}

/**
 * A zip's format by its entries, from its directory: only a tiny `mimetype` entry is inflated.
 * A zip whose directory cannot be read is corrupt_document, one of too many entries
 * archive_too_large: the sniffer walks no further than a reader would.
 */
function zipFormat(bytes: Uint8Array): string | undefined {
  const entries = readZipDirectory(bytes, "file");
  const mimetypeEntry = entries.find((entry) => entry.name === "mimetype" && entry.size < 100);
  const mimetype = mimetypeEntry && new TextDecoder().decode(expandEntry(bytes, mimetypeEntry, "file")).trim();
  // EPUB and OpenDocument name their media type in a `mimetype` entry: the table's, for a format we read.
  const named = FORMATS.find((format) => format.container === "zip" && format.mediaType === mimetype);
  if (named) return named.id;
  if (entries.some((entry) => entry.name === "word/document.xml")) return "docx";
  return undefined;
}

const hasUtf16ByteOrderMark = (bytes: Uint8Array) => (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);

/** No NUL bytes and no C0 controls but whitespace in the first 8 KiB: text of some encoding. */
function looksLikeText(bytes: Uint8Array): boolean {
  const n = Math.min(bytes.length, 8192);
  for (let i = 0; i < n; i++) {
    const b = bytes[i]!;
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c && b !== 0x1b) return false;
  }
  return true;
}

/**
 * The format of an uploaded file, from its name, checked against its content: a ".docx" that is
 * not a zip, or a zip named ".txt", is refused with format_mismatch. Without a known extension the
 * content decides; text of no recognisable format is plain text.
 */
export function detectFormat(fileName: string, bytes: Uint8Array): string {
  const named = formatByExtension(fileName);
  if (named) {
    assertContentMatches(named, bytes);
    return named.id;
  }
  const sniffed = sniff(bytes);
  if (sniffed.id) return sniffed.id;
  if (sniffed.container === "text") return "txt";
  throw new AppError("unsupported_format", `Inkstone cannot tell what kind of document "${fileName}" is.`, { detected: sniffed.container });
}

/** Refuses bytes that cannot be a document of `format` (format_mismatch, naming what they look like). */
export function assertContentMatches(format: FormatInfo, bytes: Uint8Array): void {
  const sniffed = sniff(bytes);
  const detected = sniffed.id ? formatById(sniffed.id) : undefined;
  const fits =
    format.container === sniffed.container &&
    // A zip whose entries name no format is left to the reader, which says what it lacks.
    (format.container !== "zip" || !sniffed.id || sniffed.id === format.id) &&
    // Markdown and plain text may quote anything; other text formats must not be another known one.
    (format.container !== "text" || !detected || detected.id === format.id || format.id === "md" || format.id === "txt" || isXmlFamily(format, detected));
  if (fits) return;
  const looksLike = detected ? detected.name : sniffed.container === "binary" ? "binary data" : sniffed.container;
  throw new AppError("format_mismatch", `The file is not ${article(format.name)} ${format.name}: its content looks like ${looksLike}.`, {
    expected: format.id,
    detected: detected?.id ?? sniffed.container,
  });
}

// DocBook, JATS, FB2 and XHTML are all XML; the sniffer only names the unmistakable ones.
function isXmlFamily(format: FormatInfo, detected: FormatInfo): boolean {
  return detected.id === "html" && ["docbook", "jats"].includes(format.id);
}

const article = (name: string) => (/^[AEIOU]/i.test(name) && !/^U[^n]/i.test(name) ? "an" : "a");
