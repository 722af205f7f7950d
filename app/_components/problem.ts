import { MESSAGES, type Messages } from "@/i18n/catalog";
import type { ErrorCode, FieldProblem } from "@/server/errors";
import { MAX_CHAPTER_BYTES } from "@/server/chapters/limits.mjs";
import { byteSize } from "@/server/text/byte-size";

// The one place the browser turns a failure into words: a tRPC error, a REST answer (fetch or
// XMLHttpRequest, the API's envelope or a bare status from a proxy), or no answer at all. Every
// page and component explains failures through it, so a code means the same sentence everywhere.

/**
 * What each error the API can answer means to a writer, in a sentence, in the page's language:
 * the `errors` namespace of the catalogs (i18n/messages/<locale>/errors.json, decision 0504).
 * `code.<code>` for every code, `autosave.<code>` where the editor says what it will do instead of
 * telling the writer to act ("try again", "reload") and speaks of the chapter.
 */
export type ErrorWords = (key: ErrorWordKey, values?: Record<string, string | number>) => string;
type ErrorWordKey = `code.${ErrorCode}` | `autosave.${AutosaveCode}` | "unreachable" | "tooLargeWithLimit" | "textKept";

/** A new code in server/errors.ts does not compile until the catalog has its sentence. */
export type EveryCodeWorded = AssertWorded<Messages["errors"]["code"]>;
type AssertWorded<T extends Record<ErrorCode, string>> = T;

/** The codes whose sentence the editor words its own way (the catalog's `autosave`). */
const AUTOSAVE_CODES = new Set<string>(Object.keys(MESSAGES.en.errors.autosave));
type AutosaveCode = keyof Messages["errors"]["autosave"];
const isAutosaveCode = (code: string): code is AutosaveCode => AUTOSAVE_CODES.has(code);

/** Failures after which the writer's text is still only in the browser, and should hear so. */
const TEXT_AT_STAKE = new Set<ErrorCode | "network">([
  "network", "malformed_request", "malformed_json", "unsupported_media_type", "insufficient_scope", "forbidden",
  "not_found", "book_in_trash", "chapter_in_trash", "gone", "payload_too_large", "validation_failed", "internal",
  "unauthenticated", "invalid_token", "token_expired", "token_revoked", "refresh_token_reused",
]);

/** A failure, ready to show: one sentence, and the fields' own messages for a form. */
export interface Problem {
  /** the API's business code; "network" when no answer came */
  code: ErrorCode | "network";
  /** the HTTP status; 0 when no answer came */
  status: number;
  message: string;
  fields: Record<string, string>;
  details?: unknown;
}

export interface ProblemOptions {
  /** strips the input's nesting from field paths ("changes." for books.update) so they name the form's fields */
  fieldPrefix?: string;
  /** the editor's words (AUTOSAVE_SENTENCES) */
  autosave?: boolean;
  /** the writer's text is not on the server yet: say it is kept in this browser, where that is news */
  unsent?: boolean;
  /**
   * Add the server's own words where no form shows them: "fields", each field's message (the
   * editor, whose sentences already say what happened); "all", those or the server's message.
   */
  withDetail?: "fields" | "all";
}

/** The error data our tRPC formatter adds (server/trpc/init.ts); none on a call that got no answer tRPC could read. */
interface ErrorData {
  error?: unknown;
  details?: unknown;
  httpStatus?: unknown;
}

function errorData(error: unknown): ErrorData | null | undefined {
  return typeof error === "object" && error !== null && "data" in error ? (error.data as ErrorData | null | undefined) : undefined;
}

function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(MESSAGES.en.errors.code, value);
}

/** The `details` our tRPC formatter passes on from the server's error (which chapters conflicted, say), or null. */
export function problemDetails(error: unknown): unknown {
  return errorData(error)?.details ?? null;
}

/**
 * An answer without one of the API's codes (a proxy's error page, a cut connection, a job that
 * failed for a reason of its own): its status says what it can, and anything else is ours.
 */
const CODE_FOR_STATUS: Partial<Record<number, ErrorCode>> = {
  400: "malformed_request",
  401: "unauthenticated",
  403: "forbidden",
  404: "not_found",
  405: "method_not_allowed",
  406: "not_acceptable",
  410: "gone",
  412: "precondition_failed",
  413: "payload_too_large",
  415: "unsupported_media_type",
  429: "rate_limited",
};
const codeForStatus = (status: number): ErrorCode => CODE_FOR_STATUS[status] ?? "internal";

function isFieldProblems(value: unknown): value is FieldProblem[] {
  return (
    Array.isArray(value) &&
    value.every((p) => typeof p === "object" && p !== null && typeof p.path === "string" && typeof p.message === "string")
  );
}

function maxBytes(details: unknown): number | undefined {
  const value = typeof details === "object" && details !== null && "maxBytes" in details ? details.maxBytes : undefined;
  return typeof value === "number" && value > 0 ? value : undefined;
}

/** The first message for each field, keyed by the field's name. */
export function problemsByField(details: unknown): Record<string, string> {
  const byField: Record<string, string> = {};
  if (!isFieldProblems(details)) return byField;
  for (const problem of details) byField[problem.path] ??= problem.message;
  return byField;
}

/**
 * The browser's ways of turning a failure into words, in the language of `words`: a client
 * component takes them from `useProblems()` (./use-problems.ts), a server component from
 * `problemsIn(await getT("errors"))`.
 */
export function problemsIn(words: ErrorWords) {
  function problem(code: ErrorCode | "network", status: number, answer: { details?: unknown; msg?: unknown }, options: ProblemOptions): Problem {
    const prefix = options.fieldPrefix ?? "";
    const fields = Object.fromEntries(
      Object.entries(problemsByField(answer.details)).map(([path, message]) => [path.startsWith(prefix) ? path.slice(prefix.length) : path, message]),
    );
    const limit = code === "payload_too_large" && !options.autosave ? maxBytes(answer.details) : undefined;
    let message =
      options.autosave && isAutosaveCode(code)
        ? words(`autosave.${code}`, { size: byteSize(MAX_CHAPTER_BYTES) })
        : code === "network"
          ? words("unreachable")
          : limit !== undefined
            ? words("tooLargeWithLimit", { size: byteSize(limit) })
            : words(`code.${code}`);
    if (options.withDetail) {
      const detail = isFieldProblems(answer.details)
        ? answer.details.map((p) => (p.path ? `${p.path}: ${p.message}` : p.message)).join("; ")
        : // A named limit says all the server's message would (it repeats the limit in bytes).
          options.withDetail === "all" && limit === undefined && typeof answer.msg === "string" ? answer.msg : "";
      if (detail && detail !== message) message = `${message} (${detail})`;
    }
    if (options.unsent && TEXT_AT_STAKE.has(code)) message = `${message} ${words("textKept")}`;
    return { code, status, message, fields, details: answer.details };
  }

  return {
    /** What one of the API's codes means to the writer. */
    sentence: (code: ErrorCode): string => words(`code.${code}`),

    /** No answer came: the server could not be reached. */
    networkProblem: (options: ProblemOptions = {}): Problem => problem("network", 0, {}, options),

    /**
     * A REST answer that was not a success, as fetch or XMLHttpRequest got it: `body` is its parsed
     * JSON (the API's envelope, `{error, msg, details}`) or null when it had none.
     */
    describeAnswer(status: number, body: unknown, options: ProblemOptions = {}): Problem {
      const envelope = typeof body === "object" && body !== null ? (body as { error?: unknown; msg?: unknown; details?: unknown }) : {};
      return problem(isErrorCode(envelope.error) ? envelope.error : codeForStatus(status), status, envelope, options);
    },

    /**
     * A tRPC call's error (null when there is none). Reads the error data our tRPC formatter adds
     * (server/trpc/init.ts); an error without it is a call that got no answer tRPC could read.
     */
    describeProblem(error: unknown, options: ProblemOptions | string = {}): Problem | null {
      if (!error) return null;
      const opts = typeof options === "string" ? { fieldPrefix: options } : options;
      const data = errorData(error);
      if (!data) return problem("network", 0, {}, opts);
      const status = typeof data.httpStatus === "number" ? data.httpStatus : 500;
      return problem(isErrorCode(data.error) ? data.error : codeForStatus(status), status, data, opts);
    },
  };
}

export type Problems = ReturnType<typeof problemsIn>;

/** What a form's server action hands back when it did not go through. */
export interface FormState {
  message?: string;
  fields?: Record<string, string>;
  /** submitted values (never passwords) so the form keeps what was typed */
  values?: Record<string, string>;
}
