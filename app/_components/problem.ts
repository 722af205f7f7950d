import type { ErrorCode, FieldProblem } from "@/server/errors";
import { MAX_CHAPTER_BYTES } from "@/server/chapters/limits.mjs";
import { byteSize } from "@/server/text/byte-size";

// The one place the browser turns a failure into words: a tRPC error, a REST answer (fetch or
// XMLHttpRequest, the API's envelope or a bare status from a proxy), or no answer at all. Every
// page and component explains failures through it, so a code means the same sentence everywhere.

/**
 * What each error the API can answer means to a writer, in a sentence. A Record over every code,
 * so a new code in server/errors.ts does not compile until it has one here.
 */
export const ERROR_SENTENCES: Record<ErrorCode, string> = {
  malformed_request: "The page sent something Inkstone could not read. Reload the page and try again.",
  malformed_json: "The page sent something Inkstone could not read. Reload the page and try again.",
  invalid_query: "This view asks for a sort or filter Inkstone does not know. Showing the usual view instead.",
  unauthenticated: "Your session has ended. Sign in again to carry on; nothing on this page is lost.",
  invalid_token: "Your session is no longer valid. Sign in again to carry on.",
  token_expired: "Your session has expired. Sign in again to carry on.",
  token_revoked: "This session was ended elsewhere. Sign in again to carry on.",
  invalid_credentials: "That e-mail and password do not match an account.",
  refresh_token_reused: "This sign-in was used twice, so it was ended to keep your account safe. Sign in again.",
  insufficient_scope: "This sign-in is not allowed to do that.",
  forbidden: "That belongs to another writer, so you cannot change it.",
  signup_closed: "New accounts can only be made by the administrator of this Inkstone.",
  account_disabled: "This account has been disabled by the administrator of this Inkstone.",
  invitation_not_yours: "This invitation is for another account.",
  not_your_comment: "Only its author may change this comment.",
  not_found: "That is no longer here: it may have been deleted in another tab.",
  method_not_allowed: "Inkstone cannot do that here. Reload the page and try again.",
  not_acceptable: "Inkstone cannot answer in that format.",
  email_taken: "An account with this e-mail already exists.",
  version_conflict: "This was changed in another tab or device. Reload to see the latest version.",
  job_not_finished: "This is still being prepared. Try again in a moment.",
  template_not_installed: "Install this template before running it.",
  book_in_trash: "This book is in the trash. Restore it to open or change it.",
  chapter_in_trash: "This chapter is in the book's trash. Restore it to open or change it.",
  gone: "That was deleted for good and cannot be brought back.",
  invitation_gone: "This invitation can no longer be accepted.",
  precondition_failed: "This was changed in another tab or device. Reload to see the latest version.",
  // A 413's details name the limit that refused it (maxBytes): `problem` adds it.
  payload_too_large: "That is too large to send in one piece.",
  unsupported_media_type: "Inkstone cannot read that kind of file here.",
  validation_failed: "Some fields need another look.",
  unsupported_format: "Inkstone cannot read or write that format. Choose one from the list.",
  format_mismatch: "That file is not what its name says. Check that it is the document you meant.",
  corrupt_document: "That file is damaged and cannot be opened. Save it again from the program that made it.",
  // The server's message names the encodings it tried and says what to do, so this does not (it was shown twice).
  invalid_encoding: "Inkstone cannot tell how that text file is encoded.",
  conversion_timed_out: "That document took too long to convert and was stopped. Try a smaller one.",
  document_too_complex: "Part of the text is nested too deeply or is too unusual to be written in that format. Simplify it (deep quotes or lists, long runs of symbols) and try again.",
  archive_too_large: "That document unpacks to more than Inkstone takes at once.",
  invalid_pattern: "That regular expression is not valid; the message says where.",
  search_timed_out: "That search took too long and was stopped. Try a simpler pattern.",
  too_many_hits: "That would replace too many hits at once. Narrow the search, or replace in parts.",
  nothing_to_replace: "Nothing would change: no hit is left to replace.",
  analysis_timed_out: "That comparison took too long and was stopped. Try again in a moment, or with fewer series.",
  change_set_undone: "That replace was undone already.",
  name_taken: "That name is already taken in this book (by a bible entry or alias, a snapshot, a plotline or a label): choose another.",
  already_member: "This person is already on the book.",
  owner_not_member: "The book's owner always keeps their place.",
  suggestion_stale: "The words this suggestion would replace have changed since it was made, so it cannot be accepted as it is. Reject it, or ask for a new one.",
  suggestion_decided: "This suggestion was already accepted or rejected.",
  job_finished: "This job has already finished; there is nothing to cancel.",
  owns_shared_books: "You own books other people work on. Give each one another owner (Members panel) or remove its members first.",
  last_admin: "This server must keep one administrator. Make another account an administrator first.",
  own_account: "Change your own account from Settings → Account.",
  chapter_in_snapshot: "A named snapshot holds this chapter, so it cannot be deleted for good. Move it to the trash, or delete the snapshot first.",
  destination_not_allowed: "That address is on a private network; webhooks go to public addresses only.",
  bible_limit: "This book's bible is full: it has reached one of its limits.",
  rate_limited: "That was a lot at once. Wait a moment, then try again.",
  internal: "Something went wrong on Inkstone's side. Your change was not saved; try again in a moment.",
  not_ready: "Inkstone is not ready to serve right now. Try again in a moment.",
  database_unavailable: "Inkstone cannot reach its database right now. Nothing was saved; try again in a moment.",
  storage_full: "The server's disk is full, so nothing was saved. Try again once the administrator has freed space.",
};

/** When no answer came at all. */
export const UNREACHABLE_SENTENCE = "Inkstone could not be reached. Check your connection, then try again.";

/**
 * The editor saves by itself and retries what can succeed later, so where the sentences above tell
 * the writer to act ("try again", "reload"), it says what it will do instead, and it speaks of the
 * chapter. Only the codes whose advice differs are here; the rest read as above.
 */
const AUTOSAVE_SENTENCES: Partial<Record<ErrorCode | "network", string>> = {
  network: "Inkstone cannot reach the server. Your text will be sent when the connection returns.",
  version_conflict: "This chapter was saved somewhere else since you opened it.",
  precondition_failed: "This chapter was saved somewhere else since you opened it.",
  payload_too_large: `This chapter is too long to save: a chapter holds at most ${byteSize(MAX_CHAPTER_BYTES)} of text. Split it in two.`,
  validation_failed: "Some of this cannot be saved.",
  rate_limited: "Too many requests at once; Inkstone will try again shortly.",
  internal: "The server had a problem. Inkstone will try again.",
  database_unavailable: "The server cannot reach its database. Your text is kept here and will be saved when it can.",
  storage_full: "The server's disk is full. Your text is kept here and will be saved once there is room.",
};

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
  return typeof value === "string" && Object.hasOwn(ERROR_SENTENCES, value);
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

function problem(code: ErrorCode | "network", status: number, answer: { details?: unknown; msg?: unknown }, options: ProblemOptions): Problem {
  const prefix = options.fieldPrefix ?? "";
  const fields = Object.fromEntries(
    Object.entries(problemsByField(answer.details)).map(([path, message]) => [path.startsWith(prefix) ? path.slice(prefix.length) : path, message]),
  );
  let message = (options.autosave ? AUTOSAVE_SENTENCES[code] : undefined) ?? (code === "network" ? UNREACHABLE_SENTENCE : ERROR_SENTENCES[code]);
  const limit = code === "payload_too_large" && !options.autosave ? maxBytes(answer.details) : undefined;
  if (limit !== undefined) message = message.replace(/\.$/, `: Inkstone takes at most ${byteSize(limit)} here.`);
  if (options.withDetail) {
    const detail = isFieldProblems(answer.details)
      ? answer.details.map((p) => (p.path ? `${p.path}: ${p.message}` : p.message)).join("; ")
      : // A named limit says all the server's message would (it repeats the limit in bytes).
        options.withDetail === "all" && limit === undefined && typeof answer.msg === "string" ? answer.msg : "";
    if (detail && detail !== message) message = `${message} (${detail})`;
  }
  if (options.unsent && TEXT_AT_STAKE.has(code)) message = `${message} Your text is kept in this browser.`;
  return { code, status, message, fields, details: answer.details };
}

/** No answer came: the server could not be reached. */
export function networkProblem(options: ProblemOptions = {}): Problem {
  return problem("network", 0, {}, options);
}

/**
 * A REST answer that was not a success, as fetch or XMLHttpRequest got it: `body` is its parsed
 * JSON (the API's envelope, `{error, msg, details}`) or null when it had none.
 */
export function describeAnswer(status: number, body: unknown, options: ProblemOptions = {}): Problem {
  const envelope = typeof body === "object" && body !== null ? (body as { error?: unknown; msg?: unknown; details?: unknown }) : {};
  return problem(isErrorCode(envelope.error) ? envelope.error : codeForStatus(status), status, envelope, options);
}

/**
 * A tRPC call's error (null when there is none). Reads the error data our tRPC formatter adds
 * (server/trpc/init.ts); an error without it is a call that got no answer tRPC could read.
 */
export function describeProblem(error: unknown, options: ProblemOptions | string = {}): Problem | null {
  if (!error) return null;
  const opts = typeof options === "string" ? { fieldPrefix: options } : options;
  const data = errorData(error);
  if (!data) return networkProblem(opts);
  const status = typeof data.httpStatus === "number" ? data.httpStatus : 500;
  return problem(isErrorCode(data.error) ? data.error : codeForStatus(status), status, data, opts);
}

/** What a form's server action hands back when it did not go through. */
export interface FormState {
  message?: string;
  fields?: Record<string, string>;
  /** submitted values (never passwords) so the form keeps what was typed */
  values?: Record<string, string>;
}
