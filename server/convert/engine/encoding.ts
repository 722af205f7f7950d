import { detect as guessEncoding } from "jschardet";
import { AppError } from "../../errors";
import { firstInvalidUtf8Byte } from "./text";

/**
 * Plain text and Markdown as writers save them: UTF-8 (with or without a byte-order mark), UTF-16
 * with one, or, for Chinese manuscripts saved by older Windows tools and web-novel sites, GB18030
 * (GBK, GB2312) or Big5 (decision 0486). Anything else is refused with invalid_encoding, never
 * read as mojibake or with U+FFFD in it.
 *
 * A legacy Chinese encoding is accepted only when three tests agree:
 *  1. jschardet (a port of the universal charset detector) names a Chinese encoding as the most
 *     likely of all it knows: this is what tells GB text from EUC-KR Korean or EUC-JP Japanese, whose
 *     bytes also decode as GB18030, and from Latin-1 or KOI8-R;
 *  2. the whole file decodes in that encoding with a fatal decoder (no replacement characters);
 *  3. the text is plausible: most of its ideographs are in the encoding's own table of common
 *     characters (GB2312 level 1, Big5 常用字). Between GB18030 and Big5 the higher share wins,
 *     which also decides the many files that decode without error either way.
 * Every test is one linear pass over at most the first DETECTION_BYTES bytes, plus a linear decode.
 */
export type TextEncodingName = "utf-8" | "utf-16le" | "utf-16be" | "gb18030" | "big5";

export const ENCODINGS_TRIED = "UTF-8, UTF-16 with a byte-order mark, GB18030/GBK, Big5";

/** Enough text for a sure guess; the fatal decode still reads the whole file. */
const DETECTION_BYTES = 64 * 1024;
/** below this share of common ideographs the decoded text is taken for mojibake */
const PLAUSIBLE_SHARE = 0.6;

const CHINESE_GUESSES: Record<string, "gb18030" | "big5"> = {
  gb18030: "gb18030",
  gb2312: "gb18030",
  gbk: "gb18030",
  big5: "big5",
  "big5hkscs": "big5",
  cp950: "big5",
};

export interface DecodedText {
  text: string;
  encoding: TextEncodingName;
}

/** The text of a plain-text or Markdown upload, its byte-order mark removed. */
export function decodeManuscript(bytes: Uint8Array): DecodedText {
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) return { text: fatalDecode(bytes, "utf-8") ?? refuse(bytes), encoding: "utf-8" };
  if (startsWith(bytes, [0xff, 0xfe])) return { text: fatalDecode(bytes, "utf-16le") ?? refuse(bytes), encoding: "utf-16le" };
  if (startsWith(bytes, [0xfe, 0xff])) return { text: fatalDecode(bytes, "utf-16be") ?? refuse(bytes), encoding: "utf-16be" };
  const utf8 = fatalDecode(bytes, "utf-8");
  if (utf8 !== undefined) return { text: utf8, encoding: "utf-8" };
  const encoding = chineseEncodingOf(bytes);
  const text = encoding && fatalDecode(bytes, encoding);
  if (encoding && text !== undefined) return { text, encoding };
  return refuse(bytes);
}

function chineseEncodingOf(bytes: Uint8Array): "gb18030" | "big5" | undefined {
  const head = bytes.subarray(0, DETECTION_BYTES);
  const guess = guessEncoding(head).encoding?.toLowerCase().replace(/[^a-z0-9]/g, "");
  if (!guess || !(guess in CHINESE_GUESSES)) return undefined;
  const shares = { gb18030: commonShareGb(head), big5: commonShareBig5(head) };
  const best = shares.gb18030 >= shares.big5 ? "gb18030" : "big5";
  return shares[best] >= PLAUSIBLE_SHARE ? best : undefined;
}

/**
 * Of the GB18030 ideographs in `bytes`, the share in GB2312 level 1 (B0A1–D7FE, the 3,755 常用字
 * that make up over 99 % of running Chinese text). Symbols (A1–A9 leads) are not counted.
 */
function commonShareGb(bytes: Uint8Array): number {
  let ideographs = 0;
  let common = 0;
  for (let i = 0; i < bytes.length; ) {
    const lead = bytes[i]!;
    if (lead < 0x80) {
      i += 1;
      continue;
    }
    const trail = bytes[i + 1] ?? 0;
    if (trail >= 0x30 && trail <= 0x39) {
      // a four-byte sequence: rare characters
      ideographs++;
      i += 4;
      continue;
    }
    const symbol = lead >= 0xa1 && lead <= 0xa9 && trail >= 0xa1;
    if (!symbol) {
      ideographs++;
      if (lead >= 0xb0 && lead <= 0xd7 && trail >= 0xa1) common++;
    }
    i += 2;
  }
  return ideographs === 0 ? 0 : common / ideographs;
}

/** Of the Big5 ideographs in `bytes`, the share among the 5,401 常用字 (leads A4–C6). Symbols (A1–A3) are not counted. */
function commonShareBig5(bytes: Uint8Array): number {
  let ideographs = 0;
  let common = 0;
  for (let i = 0; i < bytes.length; ) {
    const lead = bytes[i]!;
    if (lead < 0x80) {
      i += 1;
      continue;
    }
    if (lead < 0xa1 || lead > 0xa3) {
      ideographs++;
      if (lead >= 0xa4 && lead <= 0xc6) common++;
    }
    i += 2;
  }
  return ideographs === 0 ? 0 : common / ideographs;
}

function startsWith(bytes: Uint8Array, prefix: number[]): boolean {
  return prefix.every((byte, i) => bytes[i] === byte);
}

function fatalDecode(bytes: Uint8Array, encoding: TextEncodingName): string | undefined {
  try {
    // ignoreBOM: false strips the byte-order mark the encoding's own.
    return new TextDecoder(encoding, { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return undefined;
  }
}

function refuse(bytes: Uint8Array): never {
  throw new AppError("invalid_encoding", `The text is in none of the encodings Inkstone reads (${ENCODINGS_TRIED}); save it as UTF-8 and try again.`, {
    offset: firstInvalidUtf8Byte(bytes),
  });
}
