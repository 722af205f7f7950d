import type { TRPC_ERROR_CODE_KEY } from "@trpc/server";
import type { z } from "zod";

/**
 * Every failure Inkstone reports. `code` is the business code in the envelope
 * (documented in docs/api.md), `status` the HTTP status, `trpc` the tRPC code.
 */
export const ERRORS = {
  malformed_request: { status: 400, code: 40000, trpc: "BAD_REQUEST" },
  malformed_json: { status: 400, code: 40001, trpc: "PARSE_ERROR" },
  invalid_query: { status: 400, code: 40002, trpc: "BAD_REQUEST" },
  unauthenticated: { status: 401, code: 40100, trpc: "UNAUTHORIZED" },
  invalid_token: { status: 401, code: 40101, trpc: "UNAUTHORIZED" },
  token_expired: { status: 401, code: 40102, trpc: "UNAUTHORIZED" },
  token_revoked: { status: 401, code: 40103, trpc: "UNAUTHORIZED" },
  invalid_credentials: { status: 401, code: 40104, trpc: "UNAUTHORIZED" },
  refresh_token_reused: { status: 401, code: 40105, trpc: "UNAUTHORIZED" },
  insufficient_scope: { status: 403, code: 40300, trpc: "FORBIDDEN" },
  forbidden: { status: 403, code: 40301, trpc: "FORBIDDEN" },
  signup_closed: { status: 403, code: 40302, trpc: "FORBIDDEN" },
  // accounts (issue 34 item 6): an admin disabled this account; it signs in no more
  account_disabled: { status: 403, code: 40303, trpc: "FORBIDDEN" },
  // invitations (issue 36 item 1): an e-mail invitation accepted by another account
  invitation_not_yours: { status: 403, code: 40304, trpc: "FORBIDDEN" },
  // comments (issue 36 item 2): another person's comment, which only its author (or, to delete
  // it, the owner) may change
  not_your_comment: { status: 403, code: 40305, trpc: "FORBIDDEN" },
  not_found: { status: 404, code: 40400, trpc: "NOT_FOUND" },
  book_in_trash: { status: 404, code: 40401, trpc: "NOT_FOUND" },
  chapter_in_trash: { status: 404, code: 40402, trpc: "NOT_FOUND" },
  method_not_allowed: { status: 405, code: 40500, trpc: "METHOD_NOT_SUPPORTED" },
  not_acceptable: { status: 406, code: 40600, trpc: "BAD_REQUEST" },
  email_taken: { status: 409, code: 40901, trpc: "CONFLICT" },
  version_conflict: { status: 409, code: 40902, trpc: "CONFLICT" },
  job_not_finished: { status: 409, code: 40903, trpc: "CONFLICT" },
  template_not_installed: { status: 409, code: 40904, trpc: "CONFLICT" },
  change_set_undone: { status: 409, code: 40905, trpc: "CONFLICT" },
  // the story bible (issue 21): a name or alias another entry of the book already has
  name_taken: { status: 409, code: 40906, trpc: "CONFLICT" },
  // book members (issue 31): adding someone already on the book; the owner is not a member row
  already_member: { status: 409, code: 40907, trpc: "CONFLICT" },
  owner_not_member: { status: 409, code: 40908, trpc: "CONFLICT" },
  // suggested edits (issue 36 item 3, decision 0496): the words a suggestion replaces are no longer
  // in the chapter's text, so accepting it would change words it was not made on; and a suggestion
  // already accepted or rejected
  suggestion_stale: { status: 409, code: 40930, trpc: "CONFLICT" },
  suggestion_decided: { status: 409, code: 40931, trpc: "CONFLICT" },
  // job cancel (issue 33 item 9): a job that has already succeeded or failed cannot be cancelled
  job_finished: { status: 409, code: 40909, trpc: "CONFLICT" },
  // accounts (issue 34 item 6, decision 0483): an account that owns books others work on is not
  // deleted until each book has another owner; the server keeps one admin; an admin changes their
  // own account as its writer (/users/me), not through the admin's endpoints
  owns_shared_books: { status: 409, code: 40910, trpc: "CONFLICT" },
  last_admin: { status: 409, code: 40911, trpc: "CONFLICT" },
  own_account: { status: 409, code: 40912, trpc: "CONFLICT" },
  // named snapshots (issue 36 item 4, decision 0489): a chapter a snapshot holds is not deleted for good
  chapter_in_snapshot: { status: 409, code: 40920, trpc: "CONFLICT" },
  gone: { status: 410, code: 41000, trpc: "NOT_FOUND" },
  // invitations (issue 36 item 1): accepted, withdrawn, expired, or its book deleted (details.reason)
  invitation_gone: { status: 410, code: 41001, trpc: "NOT_FOUND" },
  precondition_failed: { status: 412, code: 41200, trpc: "PRECONDITION_FAILED" },
  payload_too_large: { status: 413, code: 41300, trpc: "PAYLOAD_TOO_LARGE" },
  unsupported_media_type: { status: 415, code: 41500, trpc: "UNSUPPORTED_MEDIA_TYPE" },
  validation_failed: { status: 422, code: 42200, trpc: "UNPROCESSABLE_CONTENT" },
  // conversion engine (issue 9): what is wrong with an uploaded document
  unsupported_format: { status: 422, code: 42210, trpc: "UNPROCESSABLE_CONTENT" },
  format_mismatch: { status: 422, code: 42211, trpc: "UNPROCESSABLE_CONTENT" },
  corrupt_document: { status: 422, code: 42212, trpc: "UNPROCESSABLE_CONTENT" },
  invalid_encoding: { status: 422, code: 42213, trpc: "UNPROCESSABLE_CONTENT" },
  conversion_timed_out: { status: 422, code: 42214, trpc: "UNPROCESSABLE_CONTENT" },
  document_too_complex: { status: 422, code: 42215, trpc: "UNPROCESSABLE_CONTENT" },
  // search and replace (issue 23)
  invalid_pattern: { status: 422, code: 42220, trpc: "UNPROCESSABLE_CONTENT" },
  search_timed_out: { status: 422, code: 42221, trpc: "UNPROCESSABLE_CONTENT" },
  too_many_hits: { status: 422, code: 42222, trpc: "UNPROCESSABLE_CONTENT" },
  nothing_to_replace: { status: 422, code: 42223, trpc: "UNPROCESSABLE_CONTENT" },
  // Compare (issue 20 §3)
  analysis_timed_out: { status: 422, code: 42224, trpc: "UNPROCESSABLE_CONTENT" },
  // the story bible (issue 21): past a limit of a book's bible (docs/api.md)
  bible_limit: { status: 422, code: 42230, trpc: "UNPROCESSABLE_CONTENT" },
  // webhooks (issue 33 item 9): an address on a private network, refused unless the operator allows it
  destination_not_allowed: { status: 422, code: 42240, trpc: "UNPROCESSABLE_CONTENT" },
  archive_too_large: { status: 413, code: 41301, trpc: "PAYLOAD_TOO_LARGE" },
  rate_limited: { status: 429, code: 42900, trpc: "TOO_MANY_REQUESTS" },
  internal: { status: 500, code: 50000, trpc: "INTERNAL_SERVER_ERROR" },
  // /readyz (issue 34 item 3): the entry answers it itself (server/entry/operations.mjs)
  not_ready: { status: 503, code: 50300, trpc: "SERVICE_UNAVAILABLE" },
  // the machine, not the request (issue 34 item 2): server/machine-trouble.ts
  database_unavailable: { status: 503, code: 50301, trpc: "SERVICE_UNAVAILABLE" },
  storage_full: { status: 507, code: 50700, trpc: "INTERNAL_SERVER_ERROR" },
} as const satisfies Record<string, { status: number; code: number; trpc: TRPC_ERROR_CODE_KEY }>;

export type ErrorCode = keyof typeof ERRORS;

/**
 * Marks an AppError whichever copy of this module made it. Next bundles server code more than once
 * (the instrumentation hook, each route), and work started in one bundle settles in another (the
 * job runner and the worker pool live on globalThis), so a plain `instanceof` would take another
 * bundle's AppError for an unknown failure and answer `internal`.
 */
const APP_ERROR = Symbol.for("inkstone.AppError");

export class AppError extends Error {
  static [Symbol.hasInstance](value: unknown): value is AppError {
    return typeof value === "object" && value !== null && APP_ERROR in value;
  }

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
    /** seconds, for rate_limited: becomes the Retry-After header */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = "AppError";
  }

  get status(): number {
    return ERRORS[this.code].status;
  }
}
// On the prototype rather than each error, so that logged errors do not show it.
Object.defineProperty(AppError.prototype, APP_ERROR, { value: true });

/**
 * The keys of our own checks (a zod refinement's `params.key`, or a use case's refusal of one field),
 * stable for programs and for pages, which word each in their language (errors.field.custom.<key>).
 * A new key does not compile in a page until the catalog words it (app/_components/problem.ts).
 */
export const FIELD_KEYS = [
  "loneSurrogate",
  "nulCharacter",
  "controlCharacter",
  "oneLine",
  "calendarDay",
  "storyDate",
  "storyTime",
  "storyTimeWithoutDate",
  "namedTwice",
  "nothingToChange",
  "exactlyOne",
  "endBeforeStart",
  "passageTooLong",
  "startWithEnd",
  "quoteWithoutPlace",
  "idList",
  "chapterTooLong",
  "nameWithBar",
  "invisibleCharacter",
  "sameFieldKey",
  "nameRepeated",
  "releaseDayTooLate",
  "releaseTimesOrder",
  "releaseTimesCount",
  "webAddress",
  "addressWithCredentials",
  "tooManyWebhooks",
  "scopesRequired",
  "notYourPassword",
  "emailTaken",
  "noAccountWithEmail",
  "timeZone",
  "deadlinePassed",
] as const;
export type FieldKey = (typeof FIELD_KEYS)[number];

/** zod's issue codes: what a field's problem is, as data. */
export const FIELD_ISSUE_CODES = [
  "invalid_type",
  "too_big",
  "too_small",
  "invalid_format",
  "not_multiple_of",
  "unrecognized_keys",
  "invalid_union",
  "invalid_key",
  "invalid_element",
  "invalid_value",
  "custom",
] as const satisfies readonly z.core.$ZodIssueCode[];
export type FieldIssueCode = (typeof FIELD_ISSUE_CODES)[number];

/**
 * One field's problem in a validation_failed answer (docs/api.md#field-problems): where, what in
 * English (`message`, for people reading the API), and what it means as data, for a program or a
 * page in another language to word: zod's issue code with its parameters, flat as zod gives them,
 * and for our own checks (`code: "custom"`) a stable `key` with its `params`. A use case's refusal
 * that has no key yet carries `path` and `message` only.
 */
export interface FieldProblem {
  path: string;
  message: string;
  code?: FieldIssueCode;
  /** too_small, too_big: what was measured: "string" (characters), "number", "int", "array", "set", "file" (bytes), "date" */
  origin?: string;
  minimum?: number;
  maximum?: number;
  /** too_small, too_big: false when the limit itself is refused too (more than, less than) */
  inclusive?: boolean;
  /** too_small, too_big: true when exactly this size is wanted */
  exact?: boolean;
  /** invalid_type: what was wanted ("number", "int", "string", "array" …; "nonoptional" for a missing value) */
  expected?: string;
  /** invalid_format: "email", "url", "date", "time", "datetime", "regex" … */
  format?: string;
  /** invalid_value: the values allowed */
  values?: (string | number | boolean | null)[];
  /** not_multiple_of */
  divisor?: number;
  /** unrecognized_keys: the attributes not known */
  keys?: string[];
  /** custom: which of our checks refused it (FIELD_KEYS) */
  key?: FieldKey;
  /** custom: what the key's sentence names (a limit, a count) */
  params?: Record<string, string | number>;
}

type Issue = z.core.$ZodIssue;

/** Where an issue is, as field problems name it: dotted, "(body)" for the body as a whole. */
const fieldPath = (issue: Issue): string => issue.path.map(String).join(".") || "(body)";

const FIELD_KEY_SET = new Set<string>(FIELD_KEYS);

const isJsonValue = (value: unknown): value is string | number | boolean | null => value === null || ["string", "number", "boolean"].includes(typeof value);

/** A custom issue's key and the parameters its sentence names, when it is one of ours. */
function ownCheck(params: unknown): Pick<FieldProblem, "key" | "params"> {
  if (typeof params !== "object" || params === null || !("key" in params) || typeof params.key !== "string" || !FIELD_KEY_SET.has(params.key)) return {};
  const named = Object.entries(params).filter((entry): entry is [string, string | number] => entry[0] !== "key" && ["string", "number"].includes(typeof entry[1]));
  return { key: params.key as FieldKey, ...(named.length > 0 && { params: Object.fromEntries(named) }) };
}

/** The measure of a size issue: its origin, and whether the limit is allowed or the only size allowed. */
const measure = (issue: { origin: string; inclusive?: boolean; exact?: boolean }) => ({
  origin: issue.origin,
  ...(issue.inclusive !== undefined && { inclusive: issue.inclusive }),
  ...(issue.exact !== undefined && { exact: issue.exact }),
});

/** One zod issue as data: its code and the parameters that code carries, nothing of the input. */
function issueMeaning(issue: Issue): Omit<FieldProblem, "path" | "message"> {
  switch (issue.code) {
    case "too_small":
      return { code: issue.code, ...measure(issue), minimum: Number(issue.minimum) };
    case "too_big":
      return { code: issue.code, ...measure(issue), maximum: Number(issue.maximum) };
    case "invalid_type":
      return { code: issue.code, expected: issue.expected };
    case "invalid_format":
      return { code: issue.code, format: issue.format };
    case "invalid_value":
      return { code: issue.code, values: issue.values.filter(isJsonValue) };
    case "not_multiple_of":
      return { code: issue.code, divisor: issue.divisor };
    case "unrecognized_keys":
      return { code: issue.code, keys: [...issue.keys] };
    case "custom":
      return { code: issue.code, ...ownCheck(issue.params) };
    default:
      return { code: issue.code };
  }
}

/**
 * Turns zod issues into the `details` of a validation_failed error: one entry per field, with what
 * each means as data beside zod's English message.
 */
export function fieldProblems(issues: readonly Issue[]): FieldProblem[] {
  return issues.map((issue) => ({
    path: fieldPath(issue),
    message: issue.message,
    ...issueMeaning(issue),
  }));
}

/**
 * A zod refinement of ours: its English message, and the key a page words it by, e.g.
 * `.refine(isCalendarDay, fieldCheck("calendarDay", "not a day of the calendar"))`.
 */
export function fieldCheck(key: FieldKey, message: string, params?: Record<string, string | number>) {
  return { message, params: { key, ...params } };
}

/** A use case's refusal of one field, as data like a schema's: `[refusedField("email", "emailTaken", "already registered")]`. */
export function refusedField(path: string, key: FieldKey, message: string, params?: Record<string, string | number>): FieldProblem {
  return { path, message, code: "custom", key, ...(params && { params }) };
}

/**
 * A zod check on a document's size carries `params: { maxBytes }`: failing it is 413, as the same
 * document sent as a file past the body's limit is, on every transport.
 */
export function sizeLimit(maxBytes: number, message: string) {
  return { message, params: { maxBytes } };
}

/** What a failed input parse reports: 413 when a size limit failed, else 422 with one entry per field. */
export function inputProblems(issues: readonly Issue[]): AppError {
  for (const issue of issues) {
    const params = issue.code === "custom" ? (issue.params as { maxBytes?: unknown } | undefined) : undefined;
    if (typeof params?.maxBytes === "number") {
      const path = fieldPath(issue);
      return new AppError("payload_too_large", `${path}: ${issue.message}.`, { path, message: issue.message, maxBytes: params.maxBytes });
    }
  }
  return new AppError("validation_failed", "Some fields are not valid.", fieldProblems(issues));
}
