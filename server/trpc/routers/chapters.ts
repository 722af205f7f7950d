import { z } from "zod";
import { defaultCollectionOptions, MAX_PER_PAGE } from "../../collections";
import { deleteChapter } from "../../chapters/delete-chapter";
import { untrashChapter } from "../../chapters/untrash-chapter";
import { getChapter } from "../../chapters/get-chapter";
import { getRevision } from "../../chapters/get-revision";
import { chaptersCollection, listChapters } from "../../chapters/list-chapters";
import { listRevisions, revisionsCollection } from "../../chapters/list-revisions";
import { reorderChapters } from "../../chapters/reorder-chapters";
import { restoreRevision } from "../../chapters/restore-revision";
import { saveChapter } from "../../chapters/save-chapter";
import { bookIdParams } from "../../books/schemas";
import {
  chapterListItemSchema,
  chapterParams,
  chapterSchema,
  chapterSummarySchema,
  namesTitleOrContent,
  patchChapterInput,
  reorderChaptersInput,
  restoreRevisionInput,
  revisionSchema,
  revisionSummarySchema,
  uploadChapterInput,
  versionNumber,
} from "../../chapters/schemas";
import { uploadChapter } from "../../chapters/upload-chapter";
import { authedProcedure, router } from "../init";

// Inputs are strict, like REST's bodies: an unknown key is refused (UNPROCESSABLE_CONTENT), never
// silently dropped. They are composed from REST's path parameters and body schemas, so the rules
// for each field live in one place (server/books/schemas.ts, server/chapters/schemas.ts).
const bookRef = bookIdParams.shape;
const chapterRef = chapterParams.shape;
const page = { page: z.int().min(1).default(1), perPage: z.int().min(1).max(MAX_PER_PAGE).default(MAX_PER_PAGE) };

/**
 * PATCH's body (title and/or content) with the version edited, which tRPC requires. zod 4 cannot
 * `.extend` a refined schema, so the shape is reused with PATCH's own refinement.
 */
const saveInput = z
  .strictObject({ ...chapterRef, ...patchChapterInput.shape, version: versionNumber })
  .refine(...namesTitleOrContent);

export const chaptersRouter = router({
  upload: authedProcedure
    .input(z.strictObject({ ...bookRef, ...uploadChapterInput.shape }))
    .output(chapterSchema)
    .mutation(({ input, ctx }) => uploadChapter(input, ctx.principal)),
  /** The book's chapters in order (or its trash, with deleted); their text only with includeContent. */
  list: authedProcedure
    .input(z.strictObject({ ...bookRef, includeContent: z.boolean().default(false), deleted: z.boolean().default(false), ...page }))
    .output(z.array(chapterListItemSchema))
    .query(async ({ input, ctx }) => {
      const options = defaultCollectionOptions(chaptersCollection, { page: input.page, perPage: input.perPage, filters: { deleted: input.deleted } });
      return (await listChapters({ ...input, options }, ctx.principal)).items;
    }),
  get: authedProcedure
    .input(z.strictObject(chapterRef))
    .output(chapterSchema)
    .query(({ input, ctx }) => getChapter(input, ctx.principal)),
  /** Save against the version edited: a stale version is refused (CONFLICT) and nothing changes. */
  save: authedProcedure
    .input(saveInput)
    .output(chapterSchema)
    .mutation(({ input, ctx }) => saveChapter(input, ctx.principal)),
  /** Into the book's trash; with permanent, deleted for good. */
  delete: authedProcedure
    .input(z.strictObject({ ...chapterRef, permanent: z.boolean().default(false) }))
    .output(z.object({ deleted: z.literal(true) }))
    .mutation(async ({ input, ctx }) => {
      await deleteChapter(input, ctx.principal);
      return { deleted: true as const };
    }),
  /** Out of the book's trash, into its old place or at the end. */
  untrash: authedProcedure
    .input(z.strictObject(chapterRef))
    .output(chapterSchema)
    .mutation(({ input, ctx }) => untrashChapter(input, ctx.principal)),
  reorder: authedProcedure
    .input(z.strictObject({ ...bookRef, ...reorderChaptersInput.shape }))
    .output(z.array(chapterSummarySchema))
    .mutation(({ input, ctx }) => reorderChapters(input, ctx.principal)),
  revisions: authedProcedure
    .input(z.strictObject({ ...chapterRef, ...page }))
    .output(z.array(revisionSummarySchema))
    .query(async ({ input, ctx }) => {
      const options = defaultCollectionOptions(revisionsCollection, { page: input.page, perPage: input.perPage });
      return (await listRevisions({ ...input, options }, ctx.principal)).items;
    }),
  revision: authedProcedure
    // revisionParams coerces its version from a path segment; tRPC takes a number as is.
    .input(z.strictObject({ ...chapterRef, version: z.int().min(1) }))
    .output(revisionSchema)
    .query(({ input, ctx }) => getRevision(input, ctx.principal)),
  /** An old version's text saved as a new version (REST: …/restorations); not chapters.untrash. */
  restoreRevision: authedProcedure
    .input(z.strictObject({ ...chapterRef, ...restoreRevisionInput.shape }))
    .output(chapterSchema)
    .mutation(({ input, ctx }) => restoreRevision(input, ctx.principal)),
});
