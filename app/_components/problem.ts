import { MESSAGES, type Messages } from "@/i18n/catalog";
import type { Locale } from "@/i18n/locales";
import { translatorFor } from "@/i18n/translator";
import type { ErrorCode, FieldKey, FieldProblem } from "@/server/errors";
import { MAX_CHAPTER_BYTES } from "@/server/chapters/limits.mjs";
import { byteSize } from "@/server/text/byte-size";

// The one place the browser turns a failure into words: a tRPC error, a REST answer (fetch or
// XMLHttpRequest, the API's envelope or a bare status from a proxy), or no answer at all. Every
// page and component explains failures through it, so a code means the same sentence everywhere.

/**
 * What each error the API can answer means to a writer, in a sentence, in the page's language:
 * the `errors` namespace of the catalogs (i18n/messages/<locale>/errors.json, decision 0504).
 * `code.<code>` for every code, `autosave.<code>` where the editor says what it will do instead of
 * telling the writer to act ("try again", "reload") and speaks of the chapter, `field.*` what is
 * wrong with one field of a form (decision 0515).
 */
export type ErrorWords = (key: ErrorWordKey, values?: Record<string, string | number>) => string;
type ErrorWordKey =
  | `code.${ErrorCode}`
  | `autosave.${AutosaveCode}`
  | `field.${FieldWord}`
  | `field.custom.${FieldKey}`
  | "unreachable"
  | "tooLargeWithLimit"
  | "textKept";
type FieldWord = Exclude<keyof Messages["errors"]["field"], "custom">;

/** A new code in server/errors.ts does not compile until the catalog has its sentence. */
export type EveryCodeWorded = AssertWorded<Messages["errors"]["code"]>;
type AssertWorded<T extends Record<ErrorCode, string>> = T;
/** Nor does a new key of our own field checks (server/errors.ts FIELD_KEYS). */
export type EveryFieldKeyWorded = AssertFieldKeysWorded<Messages["errors"]["field"]["custom"]>;
type AssertFieldKeysWorded<T extends Record<FieldKey, string>> = T;

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
  /** each field's first problem, in the page's words (fieldSentence), keyed by the form's name for it */
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

const FIELD_KEYS = new Set<string>(Object.keys(MESSAGES.en.errors.field.custom));
const isFieldKey = (value: unknown): value is FieldKey => typeof value === "string" && FIELD_KEYS.has(value);
const isNumber = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);
/** A custom check's params as a sentence's values: its texts and numbers, nothing else. */
const namedValues = (params: unknown): Record<string, string | number> =>
  typeof params === "object" && params !== null
    ? Object.fromEntries(Object.entries(params).filter((entry): entry is [string, string | number] => typeof entry[1] === "string" || isNumber(entry[1])))
    : {};

/**
 * What is wrong with one field, from what the server said it means (its zod issue code and
 * parameters, or the key of one of our own checks: server/errors.ts FieldProblem), in the words of
 * `words`; null where the catalog has no sentence more specific than "not valid".
 */
export function fieldSentence(words: ErrorWords, problem: FieldProblem): string | null {
  const { minimum, maximum, origin } = problem;
  const count = origin === "array" || origin === "set";
  const number = origin === "number" || origin === "int" || origin === "bigint";
  switch (problem.code) {
    case "too_small":
      if (!isNumber(minimum)) return null;
      if (origin === "string") return problem.exact ? words("field.exactLength", { length: minimum }) : minimum <= 1 ? words("field.empty") : words("field.tooShort", { minimum });
      if (count) return words("field.tooFew", { minimum });
      if (number) return problem.inclusive === false ? words("field.notAbove", { minimum }) : words("field.tooSmallNumber", { minimum });
      return null;
    case "too_big":
      if (!isNumber(maximum)) return null;
      if (origin === "string") return problem.exact ? words("field.exactLength", { length: maximum }) : words("field.tooLong", { maximum });
      if (count) return words("field.tooMany", { maximum });
      if (number) return problem.inclusive === false ? words("field.notBelow", { maximum }) : words("field.tooBigNumber", { maximum });
      if (origin === "file") return words("field.fileTooLarge", { size: byteSize(maximum) });
      return null;
    case "invalid_type":
      switch (problem.expected) {
        case "number":
        case "nan":
          return words("field.number");
        case "int":
        case "bigint":
          return words("field.wholeNumber");
        case "date":
          return words("field.date");
        // A form sends every field it has as text: a string missing, or null, is a field left out.
        case "string":
        case "nonoptional":
          return words("field.required");
        default:
          return null;
      }
    case "invalid_format":
      switch (problem.format) {
        case "email":
          return words("field.email");
        case "url":
          return words("field.url");
        case "date":
          return words("field.date");
        case "time":
          return words("field.time");
        case "datetime":
          return words("field.dateTime");
        default:
          return words("field.format");
      }
    case "invalid_value":
      return words("field.choice");
    case "not_multiple_of":
      return isNumber(problem.divisor) ? words("field.multipleOf", { divisor: problem.divisor }) : null;
    case "unrecognized_keys":
      return words("field.unknownField");
    case "custom":
      return isFieldKey(problem.key) ? words(`field.custom.${problem.key}`, namedValues(problem.params)) : null;
    default:
      return null;
  }
}

/**
 * The browser's ways of turning a failure into words, in the page's language `locale`: a client
 * component takes them from `useProblems()` (./use-problems.ts), a server component from
 * `getProblems()` (app/_i18n/server.ts).
 *
 * The API's field messages are English, written for people by
 * each schema's author ("a book needs a title"): an English page shows them as they are. A page in
 * another language words each field from what it means (fieldSentence), or says it is not valid
 * where nothing more specific is known.
 */
export function problemsIn(locale: Locale) {
  const words: ErrorWords = translatorFor(locale, "errors");
  const fieldWords = (problem: FieldProblem): string =>
    locale === "en" ? problem.message : (fieldSentence(words, problem) ?? words("field.invalid"));

  /** Each field's first problem in the page's words, keyed by its path with `prefix` taken off. */
  function fieldsOf(details: unknown, prefix = ""): Record<string, string> {
    const byField: Record<string, string> = {};
    if (!isFieldProblems(details)) return byField;
    for (const problem of details) {
      const path = problem.path.startsWith(prefix) ? problem.path.slice(prefix.length) : problem.path;
      byField[path] ??= fieldWords(problem);
    }
    return byField;
  }

  function problem(code: ErrorCode | "network", status: number, answer: { details?: unknown; msg?: unknown }, options: ProblemOptions): Problem {
    const fields = fieldsOf(answer.details, options.fieldPrefix);
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
        ? // The field's path is the API's name for it: English, and said only on an English page.
          [...new Set(answer.details.map((p) => (p.path && locale === "en" ? `${p.path}: ${p.message}` : fieldWords(p))))].join("; ")
        : // A named limit says all the server's message would (it repeats the limit in bytes); the
          // server's message is English, for programs (decision 0504), so only an English page adds it.
          options.withDetail === "all" && limit === undefined && locale === "en" && typeof answer.msg === "string" ? answer.msg : "";
      if (detail && detail !== message) message = `${message} (${detail})`;
    }
    if (options.unsent && TEXT_AT_STAKE.has(code)) message = `${message} ${words("textKept")}`;
    return { code, status, message, fields, details: answer.details };
  }

  return {
    /** What one of the API's codes means to the writer. */
    sentence: (code: ErrorCode): string => words(`code.${code}`),

    /**
     * Each field's first problem in the page's words, keyed by the field's path (less `prefix`):
     * what a validation_failed answer's `details` say, or a form's own parse of the API's schema
     * (`fieldProblems(issues)`), so a server action words its fields as a client form does.
     */
    fieldsOf,

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
