import { z } from "zod";
import { bookIdParams } from "../../books/schemas";
import { booleanFilter } from "../../collections";
import { AppError } from "../../errors";
import { applyReplace } from "../../search/apply-replace";
import { listChangeSets } from "../../search/list-change-sets";
import { previewReplace } from "../../search/preview-replace";
import {
  BOOK_SEARCH_PER_PAGE,
  changeSetListSchema,
  changeSetParams,
  LIBRARY_SEARCH_PER_PAGE,
  librarySearchHitSchema,
  restSearchPaging,
  searchHitSchema,
  replaceBody,
  replaceFields,
  replacePreviewSchema,
  replaceResultSchema,
  searchOptionsQueryShape,
  searchQueryParameter,
  undoResultSchema,
  type SearchOptions,
} from "../../search/schemas";
import { searchBook } from "../../search/search-book";
import { searchLibrary } from "../../search/search-library";
import { undoChangeSet } from "../../search/undo-change-set";
import { defineEndpoint } from "../endpoint";
import { paged, success } from "../envelope";

const searchErrors = ["invalid_pattern", "search_timed_out", "book_in_trash"] as const;

/** The search options of a query string, absent flags false. */
function optionsOf(query: { query: string; matchCase?: boolean; wholeWord?: boolean; regex?: boolean; widthInsensitive?: boolean; matchChineseScript?: boolean }): SearchOptions {
  return {
    query: query.query,
    matchCase: query.matchCase ?? false,
    wholeWord: query.wholeWord ?? false,
    regex: query.regex ?? false,
    widthInsensitive: query.widthInsensitive ?? false,
    matchChineseScript: query.matchChineseScript ?? false,
  };
}

// A search pages as every collection does (issue 33 item 12): `page` and `per_page` in the query,
// the page of results as `data`, X-Total-Count and Link. tRPC's procedures answer the page as one
// object (`{items, total, page, perPage}`, the book's `chapters` beside them), as its lists do.

// GET /api/v1/books/{bookId}/search — every hit in a book
export const searchBookEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v1/books/{bookId}/search",
  summary: "Search a book's chapter titles and text: hits in book order with the sentence around each, paged",
  operation: "search.book",
  auth: "required",
  params: bookIdParams,
  query: z.object({ ...searchOptionsQueryShape, ...restSearchPaging(BOOK_SEARCH_PER_PAGE) }),
  success: {
    status: 200,
    description: `one page of hits (at most ${BOOK_SEARCH_PER_PAGE.max}); X-Total-Count counts every hit in the book`,
    schema: z.array(searchHitSchema),
    paged: true,
  },
  errors: [...searchErrors],
  handle: async ({ params, query, url, principal }) => {
    // The chapters with hits and their counts are tRPC's (the book page's list); a REST caller counts the hits by chapterId.
    const { items, total, page, perPage } = await searchBook({ bookId: params.bookId, ...optionsOf(query), page: query.page, perPage: query.per_page }, principal);
    return paged({ items, total, page, perPage }, url);
  },
});

// GET /api/v1/search — the writer's whole library
export const searchLibraryEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v1/search",
  summary: "Search all your books (not in the trash) at once, case-insensitively: one result per chapter with a hit, best first",
  operation: "search.library",
  auth: "required",
  query: z.object({ query: searchQueryParameter, ...restSearchPaging(LIBRARY_SEARCH_PER_PAGE) }),
  success: {
    status: 200,
    description: `one page of chapters (at most ${LIBRARY_SEARCH_PER_PAGE.max}); X-Total-Count counts every chapter with a hit`,
    schema: z.array(librarySearchHitSchema),
    paged: true,
  },
  handle: async ({ query, url, principal }) => paged(await searchLibrary({ query: query.query, page: query.page, perPage: query.per_page }, principal), url),
});

const previewQuery = z.object({
  ...searchOptionsQueryShape,
  replacement: replaceFields.replacement,
  preserveCase: booleanFilter.optional().describe(replaceFields.preserveCase.description ?? ""),
});

// GET /api/v1/books/{bookId}/replace — what a replace would change (read:books suffices)
export const previewReplaceEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v1/books/{bookId}/replace",
  summary: "Preview a replace across the book: every hit that would change, in context, with its id and each chapter's version (at most 5,000 hits)",
  operation: "search.previewReplace",
  auth: "required",
  params: bookIdParams,
  query: previewQuery,
  success: { status: 200, description: "the preview", schema: replacePreviewSchema },
  errors: [...searchErrors, "too_many_hits"],
  handle: async ({ params, query, principal }) =>
    success(await previewReplace({ bookId: params.bookId, ...optionsOf(query), replacement: query.replacement, preserveCase: query.preserveCase ?? false }, principal)),
});

// POST /api/v1/books/{bookId}/replace — apply a reviewed replace (or, with dryRun, preview it)
export const applyReplaceEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/v1/books/{bookId}/replace",
  summary:
    "Replace across the book as one change set: the chapters of a preview at its versions, minus the hits skipped; one new revision per touched chapter, in one transaction. A chapter that moved since refuses the whole change (409 naming it). With dryRun, answers the preview",
  operation: "search.applyReplace",
  auth: "required",
  params: bookIdParams,
  body: { schema: replaceBody },
  success: {
    status: 201,
    description: "the change set written",
    schema: replaceResultSchema,
    also: [{ status: 200, description: "with dryRun: the preview, and nothing changed", schema: replacePreviewSchema }],
  },
  errors: [...searchErrors, "too_many_hits", "nothing_to_replace", "version_conflict"],
  handle: async ({ params, body, principal }) => {
    const { dryRun, chapters, ...input } = body;
    if (dryRun) return success(await previewReplace({ ...input, bookId: params.bookId }, principal));
    if (!chapters) {
      throw new AppError("validation_failed", "Name the chapters to change, at the versions the preview gave (or send dryRun: true for the preview).", [
        { path: "chapters", message: "required unless dryRun" },
      ]);
    }
    return success(await applyReplace({ ...input, bookId: params.bookId, chapters }, principal), 201);
  },
});

// GET /api/v1/books/{bookId}/change-sets — the book's replaces
export const listChangeSetsEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v1/books/{bookId}/change-sets",
  summary: "List the book's replaces (change sets), newest first, at most 100",
  operation: "search.changeSets",
  auth: "required",
  params: bookIdParams,
  success: { status: 200, description: "the change sets", schema: changeSetListSchema },
  errors: ["book_in_trash"],
  run: listChangeSets,
});

// POST /api/v1/books/{bookId}/change-sets/{changeSetId}/undo — take a whole replace back
export const undoChangeSetEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/v1/books/{bookId}/change-sets/{changeSetId}/undo",
  summary: "Undo a replace: each chapter it touched gets its text from before it back, as a new revision; refused (409 naming them) when chapters changed since",
  operation: "search.undoChangeSet",
  auth: "required",
  params: changeSetParams,
  success: { status: 201, description: "the chapters' new versions", schema: undoResultSchema },
  errors: ["version_conflict", "change_set_undone", "book_in_trash"],
  run: undoChangeSet,
});
