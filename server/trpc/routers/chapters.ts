import { z } from "zod";
import { defaultCollectionOptions, MAX_PER_PAGE } from "../../collections";
import { deleteChapter } from "../../chapters/delete-chapter";
import { getChapter } from "../../chapters/get-chapter";
import { getRevision } from "../../chapters/get-revision";
import { chaptersCollection, listChapters } from "../../chapters/list-chapters";
import { listRevisions, revisionsCollection } from "../../chapters/list-revisions";
import { reorderChapters } from "../../chapters/reorder-chapters";
import { restoreRevision } from "../../chapters/restore-revision";
import { saveChapter } from "../../chapters/save-chapter";
import {
  chapterContent,
  chapterListItemSchema,
  chapterSchema,
  chapterSummarySchema,
  chapterTitle,
  revisionSchema,
  revisionSummarySchema,
  versionNumber,
} from "../../chapters/schemas";
import { uploadChapter } from "../../chapters/upload-chapter";
import { authedProcedure, router } from "../init";

const bookRef = z.object({ bookId: z.string().min(1).max(64) });
const chapterRef = bookRef.extend({ chapterId: z.string().min(1).max(64) });
const page = { page: z.int().min(1).default(1), perPage: z.int().min(1).max(MAX_PER_PAGE).default(MAX_PER_PAGE) };

export const chaptersRouter = router({
  upload: authedProcedure
    .input(bookRef.extend({ content: chapterContent, title: chapterTitle.optional() }))
    .output(chapterSchema)
    .mutation(({ input, ctx }) => uploadChapter(input, ctx.principal)),
  /** The book's chapters in order; their text only with includeContent. */
  list: authedProcedure
    .input(bookRef.extend({ includeContent: z.boolean().default(false), ...page }))
    .output(z.array(chapterListItemSchema))
    .query(async ({ input, ctx }) => {
      const options = defaultCollectionOptions(chaptersCollection, { page: input.page, perPage: input.perPage });
      return (await listChapters({ ...input, options }, ctx.principal)).items;
    }),
  get: authedProcedure
    .input(chapterRef)
    .output(chapterSchema)
    .query(({ input, ctx }) => getChapter(input, ctx.principal)),
  /** Save against the version edited: a stale version is refused (CONFLICT) and nothing changes. */
  save: authedProcedure
    .input(chapterRef.extend({ version: versionNumber, title: chapterTitle.optional(), content: chapterContent.optional() }))
    .output(chapterSchema)
    .mutation(({ input, ctx }) => saveChapter(input, ctx.principal)),
  delete: authedProcedure
    .input(chapterRef)
    .output(z.object({ deleted: z.literal(true) }))
    .mutation(async ({ input, ctx }) => {
      await deleteChapter(input, ctx.principal);
      return { deleted: true as const };
    }),
  reorder: authedProcedure
    .input(bookRef.extend({ chapterIds: z.array(z.string().min(1)) }))
    .output(z.array(chapterSummarySchema))
    .mutation(({ input, ctx }) => reorderChapters(input, ctx.principal)),
  revisions: authedProcedure
    .input(chapterRef.extend(page))
    .output(z.array(revisionSummarySchema))
    .query(async ({ input, ctx }) => {
      const options = defaultCollectionOptions(revisionsCollection, { page: input.page, perPage: input.perPage });
      return (await listRevisions({ ...input, options }, ctx.principal)).items;
    }),
  revision: authedProcedure
    .input(chapterRef.extend({ version: z.int().min(1) }))
    .output(revisionSchema)
    .query(({ input, ctx }) => getRevision(input, ctx.principal)),
  restore: authedProcedure
    .input(chapterRef.extend({ revision: z.int().min(1), version: versionNumber.optional() }))
    .output(chapterSchema)
    .mutation(({ input, ctx }) => restoreRevision(input, ctx.principal)),
});
