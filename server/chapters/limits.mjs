// @ts-check
// Plain JavaScript: next.config.mjs derives the proxy's body limit from these. The browser's
// sentences read them too (app/_components/problem.ts, the trash), so a limit is written once.

/**
 * The longest chapter: 5 MiB of text counted in UTF-8 bytes (about 5.2 million English letters or
 * 1.75 million Chinese characters), whichever way it arrives (REST JSON, multipart, tRPC).
 */
export const MAX_CHAPTER_BYTES = 5 * 1024 * 1024;
/**
 * Chapter bodies: room for the longest chapter however it is spelt. JSON may write each byte of
 * text as a six-byte escape (`\u0001`; Python's json.dumps writes every CJK character as one), so a
 * body may be six times the text, plus room for the title and the JSON or multipart around it.
 * The chapter's own limit (MAX_CHAPTER_BYTES, 422 beyond) is checked on the decoded text.
 * No body any route reads is larger (test/unit/env-schema.test.ts, "the proxy's body limit").
 */
export const CHAPTER_BODY_LIMIT = 6 * MAX_CHAPTER_BYTES + 64 * 1024;

/**
 * The most text one page of a chapter list carries (include=content), in UTF-8 bytes: a page of a
 * hundred long chapters was one 20 MB answer, made and sent on the thread that answers everyone
 * (issue 30). The chapters past it are listed without their text, marked `contentOmitted`; the
 * first chapter of a page always carries its text, so a page never carries less than one chapter.
 */
export const PAGE_CONTENT_BYTES = 4 * 1024 * 1024;

/** How long a deleted chapter waits in its book's trash before it is deleted for good. */
export const CHAPTER_TRASH_DAYS = 30;
