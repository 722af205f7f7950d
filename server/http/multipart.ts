import Busboy, { type BusboyInstance } from "@fastify/busboy";
import { AppError } from "../errors";
import { tooLarge } from "../request/body";

/** One part of a multipart body, as its bytes. `fileName` is set for file parts only. */
export interface FormPart {
  name: string;
  fileName?: string;
  bytes: Uint8Array;
}

/**
 * More parts than any form here has (a file and a few fields): ten thousand tiny parts would cost
 * a header parse each, and could only be refused afterwards as unknown or repeated fields.
 */
export const MAX_PARTS = 16;
/** A part's headers (Content-Disposition, Content-Type) are a few hundred bytes. */
const MAX_PART_HEADER_BYTES = 8 * 1024;
const MAX_PART_HEADERS = 8;
/** RFC 2046 §5.1.1: a boundary is 1 to 70 characters. */
const MAX_BOUNDARY = 70;
const FEED_BYTES = 16 * 1024;
const BOUNDARY = /;\s*boundary=(?:"([^"]*)"|([^;\s]*))/i;

/**
 * Reads a multipart/form-data body while it arrives: each chunk is scanned for the boundary
 * (linear, native `indexOf`) as soon as it is read, so the web thread never holds a whole body to
 * parse at once. Past `maxBytes` the body is refused (413) whatever Content-Length claims.
 */
export async function readParts(request: Request, maxBytes: number): Promise<FormPart[]> {
  const contentType = request.headers.get("content-type") ?? "";
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw tooLarge(maxBytes);
  const boundary = BOUNDARY.exec(contentType);
  const boundaryText = boundary?.[1] ?? boundary?.[2] ?? "";
  if (boundaryText.length === 0 || boundaryText.length > MAX_BOUNDARY) throw malformed(`the boundary must be 1 to ${MAX_BOUNDARY} characters`);

  const collected: { name: string | undefined; fileName?: string; chunks: Buffer[] }[] = [];
  let failure: AppError | null = null;
  let fail: (error: AppError) => void = () => {};
  const failed = new Promise<never>((_, reject) => {
    fail = (error) => {
      failure ??= error;
      reject(failure);
    };
  });
  failed.catch(() => {}); // observed through `failure` and the races below
  let busboy: BusboyInstance;
  try {
    busboy = new Busboy({
      headers: { "content-type": contentType },
      limits: { parts: MAX_PARTS, headerPairs: MAX_PART_HEADERS, headerSize: MAX_PART_HEADER_BYTES },
      // Every part arrives as bytes: text parts are decoded strictly later (busboy's own decoding
      // would turn bytes that are not UTF-8 into U+FFFD without a word).
      isPartAFile: () => true,
    });
  } catch {
    throw malformed("the Content-Type names no usable boundary");
  }
  const finished = new Promise<void>((resolve) => busboy.on("finish", resolve));
  busboy.on("error", () => fail(malformed()));
  busboy.on("partsLimit", () =>
    fail(new AppError("validation_failed", "The upload has too many parts.", [{ path: "(body)", message: `at most ${MAX_PARTS} parts` }])),
  );
  // Without a filename (a plain field) busboy passes undefined, whatever its types say.
  busboy.on("file", (name: string | undefined, stream, fileName: string | undefined) => {
    const part = { name, fileName, chunks: [] as Buffer[] };
    collected.push(part);
    stream.on("data", (chunk: Buffer) => part.chunks.push(chunk));
    stream.on("error", () => fail(malformed()));
  });

  const reader = request.body?.getReader();
  let size = 0;
  try {
    for (;;) {
      const next = reader ? await reader.read() : { done: true as const };
      if (next.done) break;
      size += next.value.byteLength;
      if (size > maxBytes) throw tooLarge(maxBytes);
      // Fed in slices, and no further once a limit failed: a slice of tiny parts is a few
      // milliseconds of parsing, however large the chunks the body arrives in.
      for (let at = 0; at < next.value.byteLength; at += FEED_BYTES) {
        if (failure) throw failure;
        const slice = next.value.subarray(at, at + FEED_BYTES);
        await Promise.race([new Promise<void>((resolve) => busboy.write(slice, () => resolve())), failed]);
      }
    }
    busboy.end();
    await Promise.race([finished, failed]);
  } catch (error) {
    await reader?.cancel().catch(() => {});
    busboy.destroy();
    throw error;
  }
  if (failure) throw failure;
  return collected.map(({ name, fileName, chunks }) => {
    if (name === undefined) throw malformed("a part has no name");
    return { name, ...(fileName === undefined ? {} : { fileName }), bytes: Buffer.concat(chunks) };
  });
}

function malformed(why?: string): AppError {
  return new AppError("malformed_request", `The multipart body could not be read${why ? `: ${why}` : ""}.`);
}
