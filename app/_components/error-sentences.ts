import type { ErrorCode } from "@/server/errors";

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
  precondition_failed: "This was changed in another tab or device. Reload to see the latest version.",
  payload_too_large: "That is too large to save in one piece.",
  unsupported_media_type: "Inkstone cannot read that kind of file here.",
  validation_failed: "Some fields need another look.",
  unsupported_format: "Inkstone cannot read or write that format. Choose one from the list.",
  format_mismatch: "That file is not what its name says. Check that it is the document you meant.",
  corrupt_document: "That file is damaged and cannot be opened. Save it again from the program that made it.",
  invalid_encoding: "That text file is not in UTF-8. Save it as UTF-8 and try again.",
  conversion_timed_out: "That document took too long to convert and was stopped. Try a smaller one.",
  document_too_complex: "Part of the text is nested too deeply or is too unusual to be written in that format. Simplify it (deep quotes or lists, long runs of symbols) and try again.",
  archive_too_large: "That document unpacks to more than Inkstone takes at once.",
  change_set_undone: "That replace was undone already.",
  invalid_pattern: "That regular expression is not valid; the message says where.",
  search_timed_out: "That search took too long and was stopped. Try a simpler pattern.",
  too_many_hits: "That would replace too many hits at once. Narrow the search, or replace in parts.",
  nothing_to_replace: "Nothing would change: no hit is left to replace.",
  rate_limited: "That was a lot at once. Wait a moment, then try again.",
  internal: "Something went wrong on Inkstone's side. Your change was not saved; try again in a moment.",
};

/** When no answer came at all. */
export const UNREACHABLE_SENTENCE = "Inkstone could not be reached. Check your connection, then try again.";
