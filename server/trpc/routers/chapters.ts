import { z } from "zod";
import { getRevision } from "../../chapters/get-revision";
import { chaptersCollection, listChapters } from "../../chapters/list-chapters";
import { restoreRevision } from "../../chapters/restore-revision";
import { saveChapter } from "../../chapters/save-chapter";
import { bookIdParams } from "../../books/schemas";
import {
  chapterListItemSchema,
  chapterParams,
  chapterSchema,
  namesTitleOrContent,
  patchChapterInput,
  restoreRevisionInput,
  revisionSchema,
  versionNumber,
} from "../../chapters/schemas";
import {
  deleteChapterEndpoint,
  getChapterEndpoint,
  listRevisionsEndpoint,
  reorderChaptersEndpoint,
  untrashChapterEndpoint,
  uploadChapterEndpoint,
} from "../../http/endpoints/chapters";
import { operationProcedure, router } from "../init";
import { listProcedure, listProcedureOf } from "../list-procedure";
import { procedureOf } from "../procedure-of";

// Derived from REST's declarations (decision 0463) but what REST reads differently: the chapter
// list's `include=content` (tRPC's includeContent, a boolean), a save or restore's version also
// from If-Match (412), a revision's number coerced from its path. Those inputs are strict, like REST's bodies, and composed from REST's path
// parameters and body schemas, so the rules for each field live in one place
// (server/books/schemas.ts, server/chapters/schemas.ts).
const bookRef = bookIdParams.shape;
const chapterRef = chapterParams.shape;

/**
 * PATCH's body (title and/or content) with the version edited, which tRPC requires. zod 4 cannot
 * `.extend` a refined schema, so the shape is reused with PATCH's own refinement.
 */
const saveInput = z
  .strictObject({ ...chapterRef, ...patchChapterInput.shape, version: versionNumber })
  .refine(...namesTitleOrContent);

export const chaptersRouter = router({
  upload: procedureOf(uploadChapterEndpoint),
  /** The book's chapters in order (or its trash, with deleted); their text only with includeContent
   *  (REST's include=content). */
  list: listProcedure({
    operation: "chapters.list",
    collection: chaptersCollection,
    own: { ...bookRef, includeContent: z.boolean().default(false) },
    item: chapterListItemSchema,
    list: (own, options, principal) => listChapters({ ...own, options }, principal),
  }),
  get: procedureOf(getChapterEndpoint),
  /** Save against the version edited: a stale version is refused (CONFLICT) and nothing changes. */
  save: operationProcedure("chapters.save")
    .input(saveInput)
    .output(chapterSchema)
    .mutation(({ input, ctx }) => saveChapter(input, ctx.principal)),
  /** Into the book's trash; with permanent, deleted for good. */
  delete: procedureOf(deleteChapterEndpoint, "deleted"),
  /** Out of the book's trash, into its old place or at the end. */
  untrash: procedureOf(untrashChapterEndpoint),
  reorder: procedureOf(reorderChaptersEndpoint),
  revisions: listProcedureOf(listRevisionsEndpoint),
  revision: operationProcedure("chapters.revisions")
    // revisionParams coerces its version from a path segment; tRPC takes a number as is.
    .input(z.strictObject({ ...chapterRef, version: z.int().min(1) }))
    .output(revisionSchema)
    .query(({ input, ctx }) => getRevision(input, ctx.principal)),
  /** An old version's text saved as a new version (REST: …/restorations); not chapters.untrash. */
  restoreRevision: operationProcedure("chapters.restoreRevision")
    .input(z.strictObject({ ...chapterRef, ...restoreRevisionInput.shape }))
    .output(chapterSchema)
    .mutation(({ input, ctx }) => restoreRevision(input, ctx.principal)),
});
