import { constants, deflateRawSync } from "node:zlib";

/**
 * Zip archives written byte by byte, so a test can make their headers say whatever an attacker's
 * would: sizes that lie, counts that no archive holds, offsets that point anywhere.
 */

export interface CraftedEntry {
  name: string;
  /** the bytes as stored: raw deflate when `method` is 8 */
  data: Uint8Array;
  /** 0 stored, 8 deflated */
  method: 0 | 8;
  /** the expanded size the headers declare */
  size: number;
  /** where the central directory says its local header is (default: where it is) */
  headerOffset?: number;
}

const encode = (text: string) => new TextEncoder().encode(text);

function record(length: number, fields: [number, number, 2 | 4][], signature: number): Uint8Array {
  const bytes = new Uint8Array(length);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, signature, true);
  for (const [offset, value, width] of fields) {
    if (width === 2) view.setUint16(offset, value, true);
    else view.setUint32(offset, value, true);
  }
  return bytes;
}

const concat = (parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));

/** A zip of `entries`, every header saying what the entry says of itself. */
export function craftZip(entries: CraftedEntry[], endFields: { count?: number } = {}): Uint8Array {
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = encode(entry.name);
    const sizes: [number, number, 2 | 4][] = [
      [8, entry.method, 2],
      [18, entry.data.length, 4],
      [22, entry.size, 4],
      [26, name.length, 2],
    ];
    const local = concat([record(30, [[4, 20, 2], [6, 0x800, 2], ...sizes], 0x04034b50), name, entry.data]);
    const central = record(
      46,
      [[4, 20, 2], [6, 20, 2], [8, 0x800, 2], ...sizes.map(([at, value, width]): [number, number, 2 | 4] => [at + 2, value, width]), [42, entry.headerOffset ?? offset, 4]],
      0x02014b50,
    );
    locals.push(local);
    centrals.push(concat([central, name]));
    offset += local.length;
  }
  const directory = concat(centrals);
  const count = endFields.count ?? entries.length;
  const end = record(22, [[8, count, 2], [10, count, 2], [12, directory.length, 4], [16, offset, 4]], 0x06054b50);
  return concat([...locals, directory, end]);
}

/**
 * The ZIP64 attack: a small "DOCX" whose ZIP64 end record claims 4,294,967,295 entries (or
 * `count`), the classic end record saturated so that readers go and believe the ZIP64 one.
 */
export function phantomZip64(count = 0xffffffff): Uint8Array {
  const body = craftZip([{ name: "word/document.xml", data: encode("<w:document/>"), method: 0, size: 13 }]);
  const withoutEnd = body.subarray(0, body.length - 22);
  const directoryOffset = new DataView(body.buffer, body.byteOffset).getUint32(body.length - 22 + 16, true);
  const directorySize = withoutEnd.length - directoryOffset;
  const zip64End = new Uint8Array(56);
  const view = new DataView(zip64End.buffer);
  view.setUint32(0, 0x06064b50, true);
  view.setBigUint64(4, 44n, true);
  view.setUint16(12, 45, true);
  view.setUint16(14, 45, true);
  view.setBigUint64(24, BigInt(count), true);
  view.setBigUint64(32, BigInt(count), true);
  view.setBigUint64(40, BigInt(directorySize), true);
  view.setBigUint64(48, BigInt(directoryOffset), true);
  const locator = new Uint8Array(20);
  const locatorView = new DataView(locator.buffer);
  locatorView.setUint32(0, 0x07064b50, true);
  locatorView.setBigUint64(8, BigInt(withoutEnd.length), true);
  locatorView.setUint32(16, 1, true);
  const end = record(22, [[8, 0xffff, 2], [10, 0xffff, 2], [12, 0xffffffff, 4], [16, 0xffffffff, 4]], 0x06054b50);
  return concat([withoutEnd, zip64End, locator, end]);
}

/**
 * Raw deflate data that expands to `mebibytes` MiB of zeros at about 1000:1: one MiB deflated
 * and fully flushed (so it stands alone, byte-aligned), repeated, then an empty final block.
 */
export function deflatedZeros(mebibytes: number): Uint8Array {
  const one = deflateRawSync(Buffer.alloc(1024 * 1024), { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  return concat([...Array.from({ length: mebibytes }, () => one), new Uint8Array([0x03, 0x00])]);
}

/** A DOCX-like zip whose `name` entry declares `declared` bytes but expands to `mebibytes` MiB. */
export function lyingEntryZip(name: string, declared: number, mebibytes: number, others: CraftedEntry[] = []): Uint8Array {
  return craftZip([{ name, data: deflatedZeros(mebibytes), method: 8, size: declared }, ...others]);
}

/** An EPUB whose `mimetype` entry declares 20 bytes and holds `mebibytes` MiB: the sniffer's bait. */
export function lyingMimetypeEpub(mebibytes: number): Uint8Array {
  return lyingEntryZip("mimetype", 20, mebibytes, [{ name: "META-INF/container.xml", data: encode("<container/>"), method: 0, size: 12 }]);
}

/**
 * The largest DOCX the limits let through at the highest ratio they allow: a small valid
 * document.xml and, beside it, entries of just under 1 MiB of zeros (below the ratio check's
 * floor) up to `expandedBytes` in all. A few dozen KB that a reader must expand in full.
 */
export function maximumRatioDocx(expandedBytes: number): Uint8Array {
  const paragraph = "<w:p><w:r><w:t>Words on a page.</w:t></w:r></w:p>";
  const document = encode(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${paragraph.repeat(100)}</w:body></w:document>`,
  );
  const types = encode(
    `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
  );
  const rels = encode(
    `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
  );
  const stored = (name: string, data: Uint8Array): CraftedEntry => ({ name, data, method: 0, size: data.length });
  const entries = [stored("[Content_Types].xml", types), stored("_rels/.rels", rels), stored("word/document.xml", document)];
  const padding = 1024 * 1024 - 1;
  const zeros = deflateRawSync(Buffer.alloc(padding), { level: 9 });
  let left = expandedBytes - entries.reduce((sum, entry) => sum + entry.size, 0);
  for (let i = 0; left >= padding; i++, left -= padding) entries.push({ name: `word/media/padding${i}.bin`, data: zeros, method: 8, size: padding });
  return craftZip(entries);
}
