import { promisify } from "node:util";
import { brotliCompress, brotliDecompress, constants } from "node:zlib";

const compress = promisify(brotliCompress);
const decompress = promisify(brotliDecompress);

/**
 * Text kept compressed: brotli at quality 5 in text mode, which kept prose at a third or less of
 * its size (decision 0482) for about 2 ms per 100 KB. Quality 6 and above cost twice the time for a
 * few percent. Both directions run on libuv's thread pool (node:zlib's asynchronous calls), so a
 * megabyte chapter never holds the thread that answers requests.
 */
export async function compressText(text: string): Promise<Buffer> {
  const bytes = Buffer.from(text, "utf8");
  return compress(bytes, {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: 5,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
}

/** The text compressText was given, exactly. */
export async function decompressText(compressed: Uint8Array): Promise<string> {
  return (await decompress(compressed)).toString("utf8");
}
