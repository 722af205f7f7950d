import type { ErrorCode } from "@/server/errors";
import { ERROR_SENTENCES, UNREACHABLE_SENTENCE } from "./error-sentences";
import { problemsByField } from "./field-problems";

/** What went wrong with a tRPC call, ready for a form: one sentence and the fields' own messages. */
export interface Problem {
  message: string;
  fields: Record<string, string>;
  code: ErrorCode | null;
}

interface ErrorData {
  error?: unknown;
  details?: unknown;
}

function errorData(error: unknown): ErrorData | null | undefined {
  return typeof error === "object" && error !== null && "data" in error ? (error.data as ErrorData | null | undefined) : undefined;
}

function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(ERROR_SENTENCES, value);
}

/** The `details` our tRPC formatter passes on from the server's error (which chapters conflicted, say), or null. */
export function problemDetails(error: unknown): unknown {
  return errorData(error)?.details ?? null;
}

/**
 * Reads the error data our tRPC formatter adds (server/trpc/init.ts). `fieldPrefix` strips the
 * input's nesting from field paths ("changes." for books.update) so they name the form's fields.
 */
export function describeProblem(error: unknown, fieldPrefix = ""): Problem | null {
  if (!error) return null;
  const data = errorData(error);
  const code = isErrorCode(data?.error) ? data.error : null;
  if (!code) return { message: data ? ERROR_SENTENCES.internal : UNREACHABLE_SENTENCE, fields: {}, code: null };
  const fields = Object.fromEntries(
    Object.entries(problemsByField(data?.details)).map(([path, message]) => [path.startsWith(fieldPrefix) ? path.slice(fieldPrefix.length) : path, message]),
  );
  return { message: ERROR_SENTENCES[code], fields, code };
}
