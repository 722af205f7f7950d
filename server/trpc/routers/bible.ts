import { z } from "zod";
import { exportBibleMarkdown } from "../../bible/export-bible";
import { deleteEntryPicture } from "../../bible/picture";
import { bibleMarkdownSchema, entryParams, entrySchema } from "../../bible/schemas";
import { bookIdParams } from "../../books/schemas";
import {
  addCastMemberEndpoint,
  chapterMentionsEndpoint,
  checksEndpoint,
  createEntryEndpoint,
  createRelationEndpoint,
  createSeriesEndpoint,
  deleteEntryEndpoint,
  deleteRelationEndpoint,
  deleteSeriesEndpoint,
  entryMentionsEndpoint,
  entryNamesEndpoint,
  getEntryEndpoint,
  getSeriesEndpoint,
  importEntriesEndpoint,
  listEntriesEndpoint,
  listRelationsEndpoint,
  listSeriesEndpoint,
  proposalsEndpoint,
  updateEntryEndpoint,
  updateRelationEndpoint,
  updateSeriesEndpoint,
} from "../../http/endpoints/bible";
import { operationProcedure, router } from "../init";
import { listProcedureOf } from "../list-procedure";
import { procedureOf } from "../procedure-of";

// Derived from REST's declarations (server/http/endpoints/bible.ts) where the two answer alike;
// written here where they differ (decision 0463): the picture's removal (REST answers 204, tRPC
// the entry) and the Markdown export (REST answers the file, tRPC its text in JSON).
const bookRef = bookIdParams.shape;
const entryRef = entryParams.shape;

export const bibleRouter = router({
  /** A book's entries (its own and its series'), paged, sorted and filtered as REST lists them. */
  entries: listProcedureOf(listEntriesEndpoint),
  /** Every entry's name and aliases, unpaged: what the editor marks and completes. */
  names: procedureOf(entryNamesEndpoint),
  getEntry: procedureOf(getEntryEndpoint),
  createEntry: procedureOf(createEntryEndpoint),
  updateEntry: procedureOf(updateEntryEndpoint),
  /** Deletes the entry and every relation that names it (cascade), its mentions and its picture. */
  deleteEntry: procedureOf(deleteEntryEndpoint, "deleted"),
  /** Uploading a picture is REST's (PUT …/picture, a multipart file); removing it is both's. */
  deletePicture: operationProcedure("bible.deletePicture")
    .input(z.strictObject(entryRef))
    .output(entrySchema)
    .mutation(({ input, ctx }) => deleteEntryPicture(input, ctx.principal)),
  /** Every relation among the book's entries, unpaged: the graph. */
  relations: procedureOf(listRelationsEndpoint),
  createRelation: procedureOf(createRelationEndpoint),
  updateRelation: procedureOf(updateRelationEndpoint),
  deleteRelation: procedureOf(deleteRelationEndpoint, "deleted"),
  /** Where an entry is named: chapters, counts, first and last, every mention with its sentence (paged). */
  mentions: procedureOf(entryMentionsEndpoint),
  /** The entries named in one chapter, with every span. */
  chapterMentions: procedureOf(chapterMentionsEndpoint),
  /** Continuity findings: mentions after an exit, likely typos of a name, long absences. */
  checks: procedureOf(checksEndpoint),
  /** Characters the text proposes that the bible does not have yet (add one with addCastMember). */
  proposals: procedureOf(proposalsEndpoint),
  exportMarkdown: operationProcedure("bible.export")
    .input(z.strictObject(bookRef))
    .output(bibleMarkdownSchema)
    .query(({ input, ctx }) => exportBibleMarkdown(input, ctx.principal)),
  importEntries: procedureOf(importEntriesEndpoint),
  /** A proposed cast member (an analysis' guess) into the bible in one action: a character entry. */
  addCastMember: procedureOf(addCastMemberEndpoint),
});

export const seriesRouter = router({
  list: listProcedureOf(listSeriesEndpoint),
  get: procedureOf(getSeriesEndpoint),
  create: procedureOf(createSeriesEndpoint),
  update: procedureOf(updateSeriesEndpoint),
  /** Deletes the series and its own entries; its books stay, outside any series. */
  delete: procedureOf(deleteSeriesEndpoint, "deleted"),
});
