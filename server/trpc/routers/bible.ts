import { z } from "zod";
import { addCastMember } from "../../bible/add-cast-member";
import { createEntry } from "../../bible/create-entry";
import { createRelation } from "../../bible/create-relation";
import { createSeries } from "../../bible/create-series";
import { deleteEntry } from "../../bible/delete-entry";
import { deleteRelation } from "../../bible/delete-relation";
import { deleteSeries } from "../../bible/delete-series";
import { exportBibleMarkdown } from "../../bible/export-bible";
import { getChapterMentions } from "../../bible/get-chapter-mentions";
import { getEntry } from "../../bible/get-entry";
import { getEntryMentions } from "../../bible/get-entry-mentions";
import { getSeries } from "../../bible/get-series";
import { importEntries } from "../../bible/import-entries";
import { listEntries } from "../../bible/list-entries";
import { listEntryNames } from "../../bible/list-entry-names";
import { listRelations } from "../../bible/list-relations";
import { listSeries } from "../../bible/list-series";
import { deleteEntryPicture } from "../../bible/picture";
import { proposeEntries } from "../../bible/propose-entries";
import { runChecks } from "../../bible/run-checks";
import {
  addCastMemberInput,
  bibleMarkdownSchema,
  bookChapterParams,
  chapterMentionsSchema,
  checksQuery,
  checksSchema,
  proposedEntriesSchema,
  createEntryInput,
  createRelationInput,
  createSeriesInput,
  entriesCollection,
  entryMentionsSchema,
  entryNamesSchema,
  entryParams,
  entrySchema,
  importEntriesInput,
  importResultSchema,
  mentionsQuery,
  patchEntryInput,
  patchRelationInput,
  patchSeriesInput,
  relationListSchema,
  relationParams,
  relationSchema,
  seriesCollection,
  seriesParams,
  seriesSchema,
} from "../../bible/schemas";
import { updateEntry } from "../../bible/update-entry";
import { updateRelation } from "../../bible/update-relation";
import { updateSeries } from "../../bible/update-series";
import { bookIdParams } from "../../books/schemas";
import { operationProcedure, router } from "../init";
import { listProcedure } from "../list-procedure";

// Inputs are strict and built from REST's path parameters, queries and bodies
// (server/bible/schemas.ts): each field's rules live in one place.
const bookRef = bookIdParams.shape;
const entryRef = entryParams.shape;
const deleted = z.object({ deleted: z.literal(true) });

export const bibleRouter = router({
  /** A book's entries (its own and its series'), paged, sorted and filtered as REST lists them. */
  entries: listProcedure({
    operation: "bible.entries",
    collection: entriesCollection,
    own: bookRef,
    item: entrySchema,
    list: (own, options, principal) => listEntries(own, options, principal),
  }),
  /** Every entry's name and aliases, unpaged: what the editor marks and completes. */
  names: operationProcedure("bible.names")
    .input(z.strictObject(bookRef))
    .output(entryNamesSchema)
    .query(({ input, ctx }) => listEntryNames(input, ctx.principal)),
  getEntry: operationProcedure("bible.getEntry")
    .input(z.strictObject(entryRef))
    .output(entrySchema)
    .query(({ input, ctx }) => getEntry(input, ctx.principal)),
  createEntry: operationProcedure("bible.createEntry")
    .input(z.strictObject({ ...bookRef, ...createEntryInput.shape }))
    .output(entrySchema)
    .mutation(({ input, ctx }) => createEntry(input, ctx.principal)),
  updateEntry: operationProcedure("bible.updateEntry")
    .input(z.strictObject({ ...entryRef, changes: patchEntryInput }))
    .output(entrySchema)
    .mutation(({ input, ctx }) => updateEntry(input, ctx.principal)),
  /** Deletes the entry and every relation that names it (cascade), its mentions and its picture. */
  deleteEntry: operationProcedure("bible.deleteEntry")
    .input(z.strictObject(entryRef))
    .output(deleted)
    .mutation(async ({ input, ctx }) => {
      await deleteEntry(input, ctx.principal);
      return { deleted: true as const };
    }),
  /** Uploading a picture is REST's (PUT …/picture, a multipart file); removing it is both's. */
  deletePicture: operationProcedure("bible.deletePicture")
    .input(z.strictObject(entryRef))
    .output(entrySchema)
    .mutation(({ input, ctx }) => deleteEntryPicture(input, ctx.principal)),
  /** Every relation among the book's entries, unpaged: the graph. */
  relations: operationProcedure("bible.relations")
    .input(z.strictObject(bookRef))
    .output(relationListSchema)
    .query(({ input, ctx }) => listRelations(input, ctx.principal)),
  createRelation: operationProcedure("bible.createRelation")
    .input(z.strictObject({ ...bookRef, ...createRelationInput.shape }))
    .output(relationSchema)
    .mutation(({ input, ctx }) => createRelation(input, ctx.principal)),
  updateRelation: operationProcedure("bible.updateRelation")
    .input(z.strictObject({ ...relationParams.shape, ...patchRelationInput.shape }))
    .output(relationSchema)
    .mutation(({ input, ctx }) => updateRelation(input, ctx.principal)),
  deleteRelation: operationProcedure("bible.deleteRelation")
    .input(z.strictObject(relationParams.shape))
    .output(deleted)
    .mutation(async ({ input, ctx }) => {
      await deleteRelation(input, ctx.principal);
      return { deleted: true as const };
    }),
  /** Where an entry is named: chapters, counts, first and last, every mention with its sentence (paged). */
  mentions: operationProcedure("bible.mentions")
    .input(z.strictObject({ ...entryRef, ...mentionsQuery.shape }))
    .output(entryMentionsSchema)
    .query(({ input, ctx }) => getEntryMentions(input, ctx.principal)),
  /** The entries named in one chapter, with every span. */
  chapterMentions: operationProcedure("bible.chapterMentions")
    .input(z.strictObject(bookChapterParams.shape))
    .output(chapterMentionsSchema)
    .query(({ input, ctx }) => getChapterMentions(input, ctx.principal)),
  /** Continuity findings: mentions after an exit, likely typos of a name, long absences. */
  checks: operationProcedure("bible.checks")
    .input(z.strictObject({ ...bookRef, ...checksQuery.shape }))
    .output(checksSchema)
    .query(({ input, ctx }) => runChecks(input, ctx.principal)),
  /** Characters the text proposes that the bible does not have yet (add one with addCastMember). */
  proposals: operationProcedure("bible.proposals")
    .input(z.strictObject(bookRef))
    .output(proposedEntriesSchema)
    .query(({ input, ctx }) => proposeEntries(input, ctx.principal)),
  exportMarkdown: operationProcedure("bible.export")
    .input(z.strictObject(bookRef))
    .output(bibleMarkdownSchema)
    .query(({ input, ctx }) => exportBibleMarkdown(input, ctx.principal)),
  importEntries: operationProcedure("bible.import")
    .input(z.strictObject({ ...bookRef, ...importEntriesInput.shape }))
    .output(importResultSchema)
    .mutation(({ input, ctx }) => importEntries(input, ctx.principal)),
  /** A proposed cast member (an analysis' guess) into the bible in one action: a character entry. */
  addCastMember: operationProcedure("bible.addCastMember")
    .input(z.strictObject({ ...bookRef, ...addCastMemberInput.shape }))
    .output(entrySchema)
    .mutation(({ input, ctx }) => addCastMember(input, ctx.principal)),
});

export const seriesRouter = router({
  list: listProcedure({
    operation: "series.list",
    collection: seriesCollection,
    own: {},
    item: seriesSchema,
    list: (_, options, principal) => listSeries(options, principal),
  }),
  get: operationProcedure("series.get")
    .input(z.strictObject(seriesParams.shape))
    .output(seriesSchema)
    .query(({ input, ctx }) => getSeries(input, ctx.principal)),
  create: operationProcedure("series.create")
    .input(createSeriesInput)
    .output(seriesSchema)
    .mutation(({ input, ctx }) => createSeries(input, ctx.principal)),
  update: operationProcedure("series.update")
    .input(z.strictObject({ ...seriesParams.shape, changes: patchSeriesInput }))
    .output(seriesSchema)
    .mutation(({ input, ctx }) => updateSeries(input, ctx.principal)),
  /** Deletes the series and its own entries; its books stay, outside any series. */
  delete: operationProcedure("series.delete")
    .input(z.strictObject(seriesParams.shape))
    .output(deleted)
    .mutation(async ({ input, ctx }) => {
      await deleteSeries(input, ctx.principal);
      return { deleted: true as const };
    }),
});
