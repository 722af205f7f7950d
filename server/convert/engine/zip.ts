import { unzipSync, zipSync, type UnzipFileInfo } from "fflate";
import { AppError } from "../../errors";

/**
 * Limits for zipped documents (DOCX, EPUB, ODT), checked from the central directory before a
 * byte is inflated, so a zip bomb is refused without the memory it would take. A novel's DOCX
 * expands to a few MB at ratios under 10:1; images in an EPUB barely compress.
 */
export const ZIP_LIMITS = {
  /** all entries together, once expanded */
  maxExpandedBytes: 256 * 1024 * 1024,
  /** expanded size over compressed size, for any entry above 1 MiB expanded */
  maxRatio: 100,
  maxEntries: 5_000,
} as const;

const RATIO_FLOOR = 1024 * 1024;

export function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5) && (bytes[3] === 4 || bytes[3] === 6);
}

/**
 * The entries of a zip (those `wanted`, or all), expanded, after checking every entry's declared
 * size against ZIP_LIMITS.
 */
export function unzipSafely(bytes: Uint8Array, what: string, wanted: (name: string) => boolean = () => true): Record<string, Uint8Array> {
  if (!isZip(bytes)) throw new AppError("corrupt_document", `The ${what} is not a zip archive, so it is damaged or not a ${what}.`);
  let entries = 0;
  let expanded = 0;
  const refuse = (reason: string) => {
    throw new AppError("archive_too_large", `The ${what} would expand past the converter's limits (${reason}); it was not opened.`, {
      ...ZIP_LIMITS,
    });
  };
  const check = (file: UnzipFileInfo) => {
    entries++;
    expanded += file.originalSize;
    if (entries > ZIP_LIMITS.maxEntries) refuse(`more than ${ZIP_LIMITS.maxEntries} entries`);
    if (expanded > ZIP_LIMITS.maxExpandedBytes) refuse(`more than ${ZIP_LIMITS.maxExpandedBytes / 1024 / 1024} MiB expanded`);
    if (file.originalSize > RATIO_FLOOR && file.originalSize > ZIP_LIMITS.maxRatio * Math.max(file.size, 1)) {
      refuse(`${file.name} compresses more than ${ZIP_LIMITS.maxRatio}:1`);
    }
    return wanted(file.name);
  };
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, { filter: check });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError("corrupt_document", `The ${what} is damaged: its zip archive cannot be read (${(error as Error).message}).`);
  }
  // fflate inflates each entry into a buffer of its declared size, so a lying entry cannot grow past it.
  return files;
}

/**
 * The archive again, rebuilt from its checked entries and stored uncompressed, for a library that
 * inflates a zip itself (mammoth, pandoc): it can then read no more than ZIP_LIMITS allowed, even
 * where an entry's declared size understates its real data.
 */
export function rezipSafely(bytes: Uint8Array, what: string): Uint8Array {
  return zipSync(unzipSafely(bytes, what), { level: 0 });
}
