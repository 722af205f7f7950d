import { Inflate } from "fflate";
import { crc32 } from "node:zlib";
import { AppError } from "../../errors";

/**
 * Limits for zipped documents (DOCX, EPUB, ODT), checked from the central directory before a
 * byte is inflated, so a zip bomb is refused without the memory it would take. The expanded bytes
 * live outside a worker's V8 heap limit, and each of the heavy lane's workers may hold one
 * document's at a time, so this figure times the worker count is memory the server may need.
 * Measured: a 462,000-word novel written by Inkstone has a 3.4 MB document.xml; Word's revision
 * ids split runs and can make that five to eight times more, 20–30 MB for a 500,000-word novel.
 * EPUB images barely compress, and an upload is at most 20 MiB. 64 MiB holds both with room,
 * where 256 MiB let five uploads of a few hundred KB take the server to gigabytes.
 */
export const ZIP_LIMITS = {
  /** all entries together, once expanded */
  maxExpandedBytes: 64 * 1024 * 1024,
  /** expanded size over compressed size, for any entry above 1 MiB expanded */
  maxRatio: 100,
  maxEntries: 5_000,
} as const;

const RATIO_FLOOR = 1024 * 1024;

// Deflate expands at most ~1032:1, so feeding this much input at a time lets an entry that lies
// about its size overshoot by a few MiB at most before it is stopped.
const INFLATE_INPUT_CHUNK = 4096;

const SIGNATURE = { local: 0x04034b50, central: 0x02014b50, end: 0x06054b50, zip64End: 0x06064b50, zip64Locator: 0x07064b50 } as const;
const END_LENGTH = 22;
const CENTRAL_LENGTH = 46;
const LOCAL_LENGTH = 30;
const SATURATED = 0xffffffff;
const UTF8_NAMES = 0x800;

/** One entry of a zip, as its central directory describes it, every range inside the archive. */
interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated */
  method: 0 | 8;
  /** where its local header starts */
  header: number;
  /** where its data starts, after the local header */
  data: number;
  compressedSize: number;
  size: number;
}

export function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5) && (bytes[3] === 4 || bytes[3] === 6);
}

const corrupt = (what: string, reason: string) => new AppError("corrupt_document", `The ${what} is damaged: ${reason}.`);

const tooLarge = (what: string, reason: string) =>
  new AppError("archive_too_large", `The ${what} would expand past the converter's limits (${reason}); it was not opened.`, { ...ZIP_LIMITS });

/**
 * The entries of a zip, from its central directory (ZIP64 included), read strictly: the entry
 * count is checked against ZIP_LIMITS before anything is walked, and every offset and length must
 * point inside the archive, local headers before the directory and no two entries' data
 * overlapping. Nothing is inflated. A zip that breaks any of this is corrupt_document; one with
 * too many entries is archive_too_large.
 */
export function readZipDirectory(bytes: Uint8Array, what: string): ZipEntry[] {
  if (!isZip(bytes)) throw corrupt(what, "it is not a zip archive");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = findEndRecord(view);
  if (end < 0) throw corrupt(what, "its zip archive has no end record (it may be cut short)");
  let count = view.getUint16(end + 10, true);
  let directorySize = view.getUint32(end + 12, true);
  let directory = view.getUint32(end + 16, true);
  // The directory lies before the record that describes it.
  let limit = end;
  if (count === 0xffff || directorySize === SATURATED || directory === SATURATED) {
    const locator = end - 20;
    if (locator >= 0 && view.getUint32(locator, true) === SIGNATURE.zip64Locator) {
      const zip64End = uint64(view, locator + 8);
      if (zip64End + 56 > locator || view.getUint32(zip64End, true) !== SIGNATURE.zip64End) throw corrupt(what, "its ZIP64 end record points outside the archive");
      count = uint64(view, zip64End + 32);
      directorySize = uint64(view, zip64End + 40);
      directory = uint64(view, zip64End + 48);
      limit = zip64End;
    }
  }
  if (count > ZIP_LIMITS.maxEntries) throw tooLarge(what, `more than ${ZIP_LIMITS.maxEntries} entries`);
  if (directory + directorySize > limit || count * CENTRAL_LENGTH > directorySize) throw corrupt(what, "its zip directory does not fit in the archive");
  const directoryEnd = directory + directorySize;
  const entries: ZipEntry[] = [];
  for (let i = 0, at = directory; i < count; i++) {
    if (at + CENTRAL_LENGTH > directoryEnd || view.getUint32(at, true) !== SIGNATURE.central) throw corrupt(what, "its zip directory is broken");
    const flags = view.getUint16(at + 8, true);
    const method = view.getUint16(at + 10, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const next = at + CENTRAL_LENGTH + nameLength + extraLength + view.getUint16(at + 32, true);
    if (next > directoryEnd) throw corrupt(what, "its zip directory is broken");
    const nameBytes = bytes.subarray(at + CENTRAL_LENGTH, at + CENTRAL_LENGTH + nameLength);
    const name = new TextDecoder(flags & UTF8_NAMES ? "utf-8" : "latin1").decode(nameBytes);
    const sizes = zip64Sizes(view, at, at + CENTRAL_LENGTH + nameLength, extraLength);
    if (!sizes) throw corrupt(what, `the zip entry ${name} has a broken ZIP64 field`);
    if (flags & 1) throw corrupt(what, `the zip entry ${name} is encrypted`);
    if (method !== 0 && method !== 8) throw corrupt(what, `the zip entry ${name} uses a compression Inkstone does not read`);
    if (method === 0 && sizes.compressedSize !== sizes.size) throw corrupt(what, `the stored zip entry ${name} has two different sizes`);
    const { header } = sizes;
    if (header + LOCAL_LENGTH > directory || view.getUint32(header, true) !== SIGNATURE.local) throw corrupt(what, `the zip entry ${name} has no local header`);
    const data = header + LOCAL_LENGTH + view.getUint16(header + 26, true) + view.getUint16(header + 28, true);
    if (data + sizes.compressedSize > directory) throw corrupt(what, `the zip entry ${name} runs past the archive's data`);
    entries.push({ name, method, header, data, compressedSize: sizes.compressedSize, size: sizes.size });
    at = next;
  }
  // Entries sharing their data (an overlapping-entry bomb) would expand one compressed run many times.
  const ordered = [...entries].sort((a, b) => a.header - b.header);
  for (let i = 1; i < ordered.length; i++) {
    const before = ordered[i - 1]!;
    if (ordered[i]!.header < before.data + before.compressedSize) throw corrupt(what, `the zip entries ${before.name} and ${ordered[i]!.name} overlap`);
  }
  return entries;
}

/** The end of central directory record, searched for backwards past a comment of at most 64 KiB. */
function findEndRecord(view: DataView): number {
  const last = view.byteLength - END_LENGTH;
  for (let at = last; at >= 0 && last - at <= 0xffff; at--) {
    if (view.getUint32(at, true) === SIGNATURE.end) return at;
  }
  return -1;
}

/** A 64-bit field; one beyond what a number holds exactly is as out of bounds as it gets. */
function uint64(view: DataView, at: number): number {
  const value = view.getBigUint64(at, true);
  return value > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(value);
}

/**
 * A central header's sizes and local header offset; those saturated at 0xFFFFFFFF come from its
 * ZIP64 extra field (id 1), in the order size, compressed size, offset. Undefined if it is missing.
 */
function zip64Sizes(view: DataView, at: number, extra: number, extraLength: number): { size: number; compressedSize: number; header: number } | undefined {
  const fields = { size: view.getUint32(at + 24, true), compressedSize: view.getUint32(at + 20, true), header: view.getUint32(at + 42, true) };
  const wanted = (Object.keys(fields) as (keyof typeof fields)[]).filter((key) => fields[key] === SATURATED);
  if (wanted.length === 0) return fields;
  for (let field = extra; field + 4 <= extra + extraLength; ) {
    const id = view.getUint16(field, true);
    const length = view.getUint16(field + 2, true);
    if (id === 1) {
      if (length < wanted.length * 8 || field + 4 + length > extra + extraLength) return undefined;
      wanted.forEach((key, i) => (fields[key] = uint64(view, field + 4 + i * 8)));
      return fields;
    }
    field += 4 + length;
  }
  return undefined;
}

/** Refuses entries whose declared sizes, together or by ratio, pass ZIP_LIMITS. */
function checkLimits(entries: ZipEntry[], what: string): void {
  let expanded = 0;
  for (const entry of entries) {
    expanded += entry.size;
    if (expanded > ZIP_LIMITS.maxExpandedBytes) throw tooLarge(what, `more than ${ZIP_LIMITS.maxExpandedBytes / 1024 / 1024} MiB expanded`);
    if (entry.size > RATIO_FLOOR && entry.size > ZIP_LIMITS.maxRatio * Math.max(entry.compressedSize, 1)) {
      throw tooLarge(what, `${entry.name} compresses more than ${ZIP_LIMITS.maxRatio}:1`);
    }
  }
}

/**
 * An entry's data, expanded into `into` (exactly its declared size). Inflating is fed a little
 * input at a time and stopped the moment its output passes the declared size, so an entry that
 * lies about its size costs neither the memory nor the time of what it really holds: it is
 * refused as corrupt, as is one that holds less than it says.
 */
export function expandEntry(bytes: Uint8Array, entry: ZipEntry, what: string, into: Uint8Array = new Uint8Array(entry.size)): Uint8Array {
  const data = bytes.subarray(entry.data, entry.data + entry.compressedSize);
  if (entry.method === 0) {
    into.set(data);
    return into;
  }
  const lying = () => corrupt(what, `the zip entry ${entry.name} does not hold the ${entry.size} bytes it declares`);
  let written = 0;
  const inflate = new Inflate((chunk) => {
    if (written + chunk.length > into.length) throw lying();
    into.set(chunk, written);
    written += chunk.length;
  });
  try {
    for (let at = 0; at < data.length; at += INFLATE_INPUT_CHUNK) {
      inflate.push(data.subarray(at, at + INFLATE_INPUT_CHUNK), at + INFLATE_INPUT_CHUNK >= data.length);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw corrupt(what, `the zip entry ${entry.name} cannot be inflated (${(error as Error).message})`);
  }
  if (written !== into.length) throw lying();
  return into;
}

/**
 * The entries of a zip (those `wanted`, or all), expanded, after checking every entry's declared
 * size against ZIP_LIMITS. A stored entry is a view of `bytes`, not a copy.
 */
export function unzipSafely(bytes: Uint8Array, what: string, wanted: (name: string) => boolean = () => true): Record<string, Uint8Array> {
  const entries = readZipDirectory(bytes, what);
  checkLimits(entries, what);
  const files: Record<string, Uint8Array> = {};
  for (const entry of entries) {
    if (!wanted(entry.name)) continue;
    files[entry.name] = entry.method === 0 ? bytes.subarray(entry.data, entry.data + entry.size) : expandEntry(bytes, entry, what);
  }
  return files;
}

/**
 * The archive again, its checked entries expanded and stored uncompressed, for a library that
 * inflates a zip itself (mammoth, pandoc): it can then read no more than ZIP_LIMITS allowed.
 * Each entry is inflated straight into its place in the new archive, so the expanded document is
 * held once, not once as entries and again as the archive made of them.
 */
export function rezipSafely(bytes: Uint8Array, what: string): Uint8Array {
  const entries = readZipDirectory(bytes, what);
  checkLimits(entries, what);
  const names = entries.map((entry) => new TextEncoder().encode(entry.name));
  const dataLength = entries.reduce((sum, entry, i) => sum + LOCAL_LENGTH + names[i]!.length + entry.size, 0);
  const directoryLength = names.reduce((sum, name) => sum + CENTRAL_LENGTH + name.length, 0);
  const zip = new Uint8Array(dataLength + directoryLength + END_LENGTH);
  const view = new DataView(zip.buffer);
  let at = 0;
  let central = dataLength;
  entries.forEach((entry, i) => {
    const name = names[i]!;
    const data = expandEntry(bytes, entry, what, zip.subarray(at + LOCAL_LENGTH + name.length, at + LOCAL_LENGTH + name.length + entry.size));
    const crc = crc32(data);
    writeHeader(view, at, SIGNATURE.local, [[4, 20, 2], [6, UTF8_NAMES, 2], [14, crc, 4], [18, entry.size, 4], [22, entry.size, 4], [26, name.length, 2]]);
    zip.set(name, at + LOCAL_LENGTH);
    writeHeader(view, central, SIGNATURE.central, [[4, 20, 2], [6, 20, 2], [8, UTF8_NAMES, 2], [16, crc, 4], [20, entry.size, 4], [24, entry.size, 4], [28, name.length, 2], [42, at, 4]]);
    zip.set(name, central + CENTRAL_LENGTH);
    at += LOCAL_LENGTH + name.length + entry.size;
    central += CENTRAL_LENGTH + name.length;
  });
  writeHeader(view, central, SIGNATURE.end, [[8, entries.length, 2], [10, entries.length, 2], [12, directoryLength, 4], [16, dataLength, 4]]);
  return zip;
}

/** A record's signature and its non-zero fields, [offset, value, width] (little-endian). */
function writeHeader(view: DataView, at: number, signature: number, fields: [number, number, 2 | 4][]): void {
  view.setUint32(at, signature, true);
  for (const [offset, value, width] of fields) {
    if (width === 2) view.setUint16(at + offset, value, true);
    else view.setUint32(at + offset, value, true);
  }
}
