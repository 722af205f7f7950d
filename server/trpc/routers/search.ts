import { z } from "zod";
import { bookIdParams } from "../../books/schemas";
import { applyReplace } from "../../search/apply-replace";
import { listChangeSets } from "../../search/list-change-sets";
import { previewReplace } from "../../search/preview-replace";
import {
  BOOK_SEARCH_PER_PAGE,
  bookSearchResultSchema,
  changeSetListSchema,
  changeSetParams,
  LIBRARY_SEARCH_PER_PAGE,
  librarySearchResultSchema,
  replaceChoice,
  replaceFields,
  replacePreviewSchema,
  replaceResultSchema,
  searchOptionsShape,
  searchQuery,
  undoResultSchema,
} from "../../search/schemas";
import { searchBook } from "../../search/search-book";
import { searchLibrary } from "../../search/search-library";
import { undoChangeSet } from "../../search/undo-change-set";
import { authedProcedure, router } from "../init";

// Inputs are strict and built from the same schemas as REST's query parameters and bodies.
const bookRef = bookIdParams.shape;
const pageOf = (limits: { default: number; max: number }) => ({
  page: z.int().min(1).default(1),
  perPage: z.int().min(1).max(limits.max).default(limits.default),
});
const previewInput = { ...bookRef, ...searchOptionsShape, ...replaceFields };

export const searchRouter = router({
  book: authedProcedure
    .input(z.strictObject({ ...bookRef, ...searchOptionsShape, ...pageOf(BOOK_SEARCH_PER_PAGE) }))
    .output(bookSearchResultSchema)
    .query(({ input, ctx }) => searchBook(input, ctx.principal)),
  library: authedProcedure
    .input(z.strictObject({ query: searchQuery, ...pageOf(LIBRARY_SEARCH_PER_PAGE) }))
    .output(librarySearchResultSchema)
    .query(({ input, ctx }) => searchLibrary(input, ctx.principal)),
  previewReplace: authedProcedure
    .input(z.strictObject(previewInput))
    .output(replacePreviewSchema)
    .query(({ input, ctx }) => previewReplace(input, ctx.principal)),
  /** One change set; a chapter that moved since the preview refuses all (CONFLICT naming it). */
  applyReplace: authedProcedure
    .input(z.strictObject({ ...previewInput, chapters: z.array(replaceChoice).max(10_000) }))
    .output(replaceResultSchema)
    .mutation(({ input, ctx }) => applyReplace(input, ctx.principal)),
  changeSets: authedProcedure
    .input(z.strictObject(bookRef))
    .output(changeSetListSchema)
    .query(({ input, ctx }) => listChangeSets(input, ctx.principal)),
  undoChangeSet: authedProcedure
    .input(z.strictObject(changeSetParams.shape))
    .output(undoResultSchema)
    .mutation(({ input, ctx }) => undoChangeSet(input, ctx.principal)),
});
