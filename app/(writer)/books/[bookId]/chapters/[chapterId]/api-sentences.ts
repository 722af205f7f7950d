import type { ErrorCode } from "@/server/errors";

// What the editor tells the writer for every error the API can answer (docs/api.md), in the
// editor's terms. A Record over every code, so a new code cannot go unexplained: the compiler
// asks for its sentence. Where the writer's unsent text is at stake, the editor adds that it is
// kept in the browser.
const BUG = "Inkstone sent a request the server could not read; this is a bug on our side.";
const SIGN_IN = "Sign in again and it will be saved.";

const SENTENCES: Record<ErrorCode | "network", string> = {
  network: "Inkstone cannot reach the server. Your text will be sent when the connection returns.",
  malformed_request: BUG,
  malformed_json: BUG,
  invalid_query: BUG,
  method_not_allowed: BUG,
  not_acceptable: BUG,
  unsupported_media_type: BUG,
  // conversion errors: the editor never converts
  unsupported_format: BUG,
  format_mismatch: BUG,
  corrupt_document: BUG,
  invalid_encoding: BUG,
  conversion_timed_out: BUG,
  document_too_complex: BUG,
  archive_too_large: BUG,
  invalid_pattern: BUG,
  change_set_undone: BUG,
  search_timed_out: BUG,
  too_many_hits: BUG,
  nothing_to_replace: BUG,
  unauthenticated: `You were signed out. ${SIGN_IN}`,
  invalid_token: `Your sign-in is no longer valid. ${SIGN_IN}`,
  token_expired: `Your sign-in has expired. ${SIGN_IN}`,
  token_revoked: `Your sign-in was ended elsewhere. ${SIGN_IN}`,
  invalid_credentials: "That e-mail and password do not match an account.",
  refresh_token_reused: `Your sign-in was ended for safety. ${SIGN_IN}`,
  insufficient_scope: "This sign-in may read books but not change them.",
  forbidden: "This chapter belongs to another account.",
  signup_closed: "Sign-up is closed on this server.",
  not_found: "This chapter does not exist, or no longer does.",
  book_in_trash: "This book is in the trash. Restore it from your books to keep writing.",
  chapter_in_trash: "This chapter is in the book's trash. Restore it from the book page to keep writing.",
  gone: "This book was deleted for good.",
  email_taken: "An account with this e-mail already exists.",
  version_conflict: "This chapter was saved somewhere else since you opened it.",
  job_not_finished: "This is still being prepared. Try again in a moment.",
  template_not_installed: "Install this template before running it.",
  precondition_failed: "This chapter was saved somewhere else since you opened it.",
  payload_too_large: "This chapter is too long to save: a chapter holds at most 5 MiB of text. Split it in two.",
  validation_failed: "Some of this cannot be saved.",
  rate_limited: "Too many requests at once; Inkstone will try again shortly.",
  internal: "The server had a problem. Inkstone will try again.",
};

/** Errors after which the writer's text is still only in the browser, and should hear so. */
const TEXT_AT_STAKE = new Set<ErrorCode | "network">([
  "network", "malformed_request", "malformed_json", "unsupported_media_type", "insufficient_scope", "forbidden",
  "not_found", "book_in_trash", "chapter_in_trash", "gone", "payload_too_large", "validation_failed", "internal",
  "unauthenticated", "invalid_token", "token_expired", "token_revoked", "refresh_token_reused",
]);

/**
 * The sentence for an error; a validation failure names its fields, as the server words them.
 * `unsent` adds that the writer's text is kept in this browser, where that is news.
 */
export function sentenceFor(error: ErrorCode | "network", envelope?: { details?: unknown } | null, unsent = false): string {
  let sentence = SENTENCES[error] ?? SENTENCES.internal;
  if (error === "validation_failed" && Array.isArray(envelope?.details)) {
    const problems = (envelope.details as { path?: unknown; message?: unknown }[]).map((p) => `${String(p.path)}: ${String(p.message)}`);
    if (problems.length) sentence += ` ${problems.join("; ")}.`;
  }
  return unsent && TEXT_AT_STAKE.has(error) ? `${sentence} Your text is kept in this browser.` : sentence;
}
