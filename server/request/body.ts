import { z } from "zod";
import { AppError, inputProblems } from "../errors";

export const DEFAULT_BODY_LIMIT = 64 * 1024;

/** Reads the body, refusing it with 413 once it passes `maxBytes`, whatever Content-Length claims. */
export async function readLimited(request: Request, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw tooLarge(maxBytes);
  if (!request.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

export function tooLarge(maxBytes: number): AppError {
  return new AppError("payload_too_large", `The body is larger than this endpoint accepts (${maxBytes} bytes).`, {
    maxBytes,
  });
}

/** Validates with zod: a failure is 422 with one entry per field (413 for a size limit, see inputProblems). */
export function validate<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw inputProblems(parsed.error.issues);
  return parsed.data;
}
