import { z } from "zod";
import { bookIdParams } from "../../books/schemas";
import { createSuggestion } from "../../suggestions/create-suggestion";
import { decideChapter } from "../../suggestions/decide-chapter";
import { decideSuggestion } from "../../suggestions/decide-suggestion";
import { getSuggestion } from "../../suggestions/get-suggestion";
import { listSuggestions, suggestionsCollection } from "../../suggestions/list-suggestions";
import { chapterDecisionSchema, chapterParams, createSuggestionInput, decideChapterInput, decideSuggestionInput, suggestionParams, suggestionSchema } from "../../suggestions/schemas";
import { defineEndpoint, defineListEndpoint } from "../endpoint";

// Suggested edits (issue 36 item 3, decision 0496): new words proposed for a stretch of a
// chapter's text, accepted into it (a new version naming both) or rejected by those who write it.

// GET /api/v1/books/{bookId}/suggestions — every suggestion of the book
export const listSuggestionsEndpoint = defineListEndpoint({
  path: "/api/v1/books/{bookId}/suggestions",
  summary: "List the book's suggested edits, newest first, decided ones included unless filtered (roles that suggest: owner, co-author, editor)",
  operation: "suggestions.list",
  params: bookIdParams,
  collection: suggestionsCollection,
  success: { status: 200, description: "one page of suggestions", schema: z.array(suggestionSchema) },
  list: (book, options, principal) => listSuggestions({ ...book, options }, principal),
});

// POST /api/v1/books/{bookId}/chapters/{chapterId}/suggestions — suggest new words for a stretch of the text
export const createSuggestionEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/v1/books/{bookId}/chapters/{chapterId}/suggestions",
  summary:
    "Suggest `replacement` for [start, end) of a chapter's text (offsets in UTF-16 code units). The suggestion follows its words through later edits; with `quote`, a stretch that no longer holds it is corrected to the quote's nearest occurrence",
  operation: "suggestions.create",
  auth: "required",
  params: chapterParams,
  body: { schema: createSuggestionInput },
  writableAttributes: ["start", "end", "quote", "replacement"],
  success: { status: 201, description: "the suggestion", schema: suggestionSchema },
  errors: ["chapter_in_trash", "book_in_trash", "gone"],
  run: createSuggestion,
});

// PATCH /api/v1/books/{bookId}/chapters/{chapterId}/suggestions — accept all or reject all of a chapter
export const decideChapterEndpoint = defineEndpoint({
  method: "PATCH",
  path: "/api/v1/books/{bookId}/chapters/{chapterId}/suggestions",
  summary:
    "Accept every open suggestion of the chapter that can go in together (one new version; stale ones and ones overlapping an older one stay open), or reject every open one (owner and co-author)",
  operation: "suggestions.decideChapter",
  auth: "required",
  params: chapterParams,
  body: { schema: decideChapterInput },
  writableAttributes: ["state"],
  success: { status: 201, description: "what was decided and what was left open", schema: chapterDecisionSchema },
  errors: ["chapter_in_trash", "book_in_trash", "gone"],
  run: decideChapter,
});

// GET /api/v1/books/{bookId}/suggestions/{suggestionId}
export const getSuggestionEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v1/books/{bookId}/suggestions/{suggestionId}",
  summary: "Read one suggested edit",
  operation: "suggestions.get",
  auth: "required",
  params: suggestionParams,
  success: { status: 200, description: "the suggestion", schema: suggestionSchema },
  errors: ["book_in_trash", "gone"],
  run: getSuggestion,
});

// PATCH /api/v1/books/{bookId}/suggestions/{suggestionId} — accept or reject
export const decideSuggestionEndpoint = defineEndpoint({
  method: "PATCH",
  path: "/api/v1/books/{bookId}/suggestions/{suggestionId}",
  summary:
    "Accept a suggestion (the chapter gets a new version written by you and naming the suggester) or reject it (owner and co-author). Words no longer in the text are 409 suggestion_stale, and nothing changes",
  operation: "suggestions.decide",
  auth: "required",
  params: suggestionParams,
  body: { schema: decideSuggestionInput },
  writableAttributes: ["state"],
  success: { status: 201, description: "the suggestion as decided", schema: suggestionSchema },
  errors: ["suggestion_stale", "suggestion_decided", "chapter_in_trash", "book_in_trash", "gone"],
  run: decideSuggestion,
});
