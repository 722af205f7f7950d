import { AppError } from "../../errors";

const strict = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });

/** Text as UTF-8, refusing invalid bytes rather than turning them into U+FFFD. */
export function decodeUtf8(bytes: Uint8Array): string {
  try {
    return strict.decode(bytes);
  } catch {
    throw new AppError("invalid_encoding", "The document is not valid UTF-8 text; save it as UTF-8 and try again.", {
      offset: firstInvalidUtf8Byte(bytes),
    });
  }
}

/** The offset of the first byte that is not UTF-8 (the length when all of it is). */
export function firstInvalidUtf8Byte(bytes: Uint8Array): number {
  // Halving to the longest prefix a streaming decoder accepts, which may end in an unfinished
  // character: the bad sequence starts at that character's lead byte.
  let low = 0;
  let high = bytes.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (isValidPrefix(bytes.subarray(0, middle))) low = middle;
    else high = middle - 1;
  }
  for (let back = 1; back <= 3 && low - back >= 0; back++) {
    const byte = bytes[low - back]!;
    if ((byte & 0xc0) === 0x80) continue;
    return byte >= 0xc0 ? low - back : low;
  }
  return low;
}

function isValidPrefix(bytes: Uint8Array): boolean {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
}

export const encodeUtf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&${{ "&": "amp", "<": "lt", ">": "gt", '"': "quot", "'": "apos" }[c]};`);
}
