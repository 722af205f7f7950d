import { z } from "zod";
import { bookIdParams } from "../../books/schemas";
import { listChangeSetsEndpoint, undoChangeSetEndpoint } from "../../http/endpoints/search";
import { applyReplace } from "../../search/apply-replace";
import { previewReplace } from "../../search/preview-replace";
import {
  BOOK_SEARCH_PER_PAGE,
  bookSearchResultSchema,
  LIBRARY_SEARCH_PER_PAGE,
  librarySearchResultSchema,
  replaceChoice,
  replaceFields,
  replacePreviewSchema,
  replaceResultSchema,
  searchOptionsShape,
  searchQuery,
} from "../../search/schemas";
import { searchBook } from "../../search/search-book";
import { searchLibrary } from "../../search/search-library";
import { operationProcedure, router } from "../init";
import { procedureOf } from "../procedure-of";

// The change sets are derived from REST's declarations (decision 0463); searches and replaces are
// written here: REST's query spells the page as text and lets an empty search through, tRPC takes
// JSON with defaults, and REST's POST …/replace folds the preview in (dryRun). Inputs are strict
// and built from the same schemas as REST's query parameters and bodies.
const bookRef = bookIdParams.shape;
const pageOf = (limits: { default: number; max: number }) => ({
  page: z.int().min(1).default(1),
  perPage: z.int().min(1).max(limits.max).default(limits.default),
});
const previewInput = { ...bookRef, ...searchOptionsShape, ...replaceFields };

export const searchRouter = router({
  book: operationProcedure("search.book")
    .input(z.strictObject({ ...bookRef, ...searchOptionsShape, ...pageOf(BOOK_SEARCH_PER_PAGE) }))
    .output(bookSearchResultSchema)
    .query(({ input, ctx }) => searchBook(input, ctx.principal)),
  library: operationProcedure("search.library")
    .input(z.strictObject({ query: searchQuery, ...pageOf(LIBRARY_SEARCH_PER_PAGE) }))
    .output(librarySearchResultSchema)
    .query(({ input, ctx }) => searchLibrary(input, ctx.principal)),
  previewReplace: operationProcedure("search.previewReplace")
    .input(z.strictObject(previewInput))
    .output(replacePreviewSchema)
    .query(({ input, ctx }) => previewReplace(input, ctx.principal)),
  /** One change set; a chapter that moved since the preview refuses all (CONFLICT naming it). */
  applyReplace: operationProcedure("search.applyReplace")
    .input(z.strictObject({ ...previewInput, chapters: z.array(replaceChoice).max(10_000) }))
    .output(replaceResultSchema)
    .mutation(({ input, ctx }) => applyReplace(input, ctx.principal)),
  changeSets: procedureOf(listChangeSetsEndpoint),
  undoChangeSet: procedureOf(undoChangeSetEndpoint),
});
