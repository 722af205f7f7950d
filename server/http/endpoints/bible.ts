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
import { deleteEntryPicture, getEntryPicture, setEntryPicture } from "../../bible/picture";
import { proposeEntries } from "../../bible/propose-entries";
import { runChecks } from "../../bible/run-checks";
import {
  addCastMemberInput,
  BIBLE_LIMITS,
  bookChapterParams,
  chapterMentionsSchema,
  checksQuery,
  checksSchema,
  proposedEntriesSchema,
  createEntryInput,
  createRelationInput,
  createSeriesInput,
  entriesCollection,
  ENTRY_WRITABLE_ATTRIBUTES,
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
  SERIES_WRITABLE_ATTRIBUTES,
} from "../../bible/schemas";
import { updateEntry } from "../../bible/update-entry";
import { updateRelation } from "../../bible/update-relation";
import { updateSeries } from "../../bible/update-series";
import { bookIdParams } from "../../books/schemas";
import { PICTURE_MEDIA_TYPES } from "../../pictures/schemas";
import { validatorsOf } from "../../preconditions";
import { defineEndpoint, defineListEndpoint } from "../endpoint";
import { fileResponse, noContent, success } from "../envelope";
import { pictureQuery, pictureUpload } from "./picture-http";

const ENTRIES = "/api/v1/books/{bookId}/bible/entries";
const ENTRY = `${ENTRIES}/{entryId}`;
const RELATIONS = "/api/v1/books/{bookId}/bible/relations";

// GET /api/v1/books/{bookId}/bible/entries — the book's entries and its series', paged
export const listEntriesEndpoint = defineListEndpoint({
  path: ENTRIES,
  summary: "List a book's story-bible entries (its own and its series'), paged; filter by kind, tag or scope",
  operation: "bible.entries",
  params: bookIdParams,
  collection: entriesCollection,
  success: { status: 200, description: "one page of entries", schema: z.array(entrySchema) },
  list: listEntries,
});

// POST /api/v1/books/{bookId}/bible/entries — a new entry
export const createEntryEndpoint = defineEndpoint({
  method: "POST",
  path: ENTRIES,
  summary: `Add an entry to a book's bible (scope "series": to its series). A name or alias another entry has is 409 naming it; a common word is allowed and flagged in warnings`,
  operation: "bible.createEntry",
  auth: "required",
  params: bookIdParams,
  body: { schema: createEntryInput },
  preconditions: "collection",
  success: { status: 201, description: "the entry", schema: entrySchema, headers: ["etag", "last-modified"], validators: validatorsOf },
  errors: ["name_taken", "bible_limit", "book_in_trash"],
  run: createEntry,
});

// GET /api/v1/books/{bookId}/bible/names — every name, for the editor
export const entryNamesEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v1/books/{bookId}/bible/names",
  summary: "Every entry's name and aliases, unpaged (at most the book's entry limit): what the editor marks and completes",
  operation: "bible.names",
  auth: "required",
  params: bookIdParams,
  success: { status: 200, description: "the names", schema: entryNamesSchema },
  run: listEntryNames,
});

// GET /api/v1/books/{bookId}/bible/entries/{entryId}
export const getEntryEndpoint = defineEndpoint({
  method: "GET",
  path: ENTRY,
  summary: "One entry of a book's bible",
  operation: "bible.getEntry",
  auth: "required",
  params: entryParams,
  success: { status: 200, description: "the entry", schema: entrySchema, headers: ["etag", "last-modified"], validators: validatorsOf },
  run: getEntry,
});

// PATCH /api/v1/books/{bookId}/bible/entries/{entryId}
export const updateEntryEndpoint = defineEndpoint({
  method: "PATCH",
  path: ENTRY,
  summary: "Change some attributes of an entry (names are checked as on creation: 409 naming the other entry)",
  operation: "bible.updateEntry",
  auth: "required",
  params: entryParams,
  body: { schema: patchEntryInput, under: "changes" },
  writableAttributes: ENTRY_WRITABLE_ATTRIBUTES,
  preconditions: true,
  success: { status: 201, description: "the entry as saved", schema: entrySchema, headers: ["etag", "last-modified"], validators: validatorsOf },
  errors: ["name_taken"],
  run: updateEntry,
});

// DELETE /api/v1/books/{bookId}/bible/entries/{entryId}
export const deleteEntryEndpoint = defineEndpoint({
  method: "DELETE",
  path: ENTRY,
  summary: "Delete an entry; the relations that name it, its mentions and its picture go with it (cascade)",
  operation: "bible.deleteEntry",
  auth: "required",
  params: entryParams,
  preconditions: true,
  success: { status: 204, description: "deleted" },
  run: deleteEntry,
});

// GET /api/v1/books/{bookId}/bible/entries/{entryId}/picture — the bytes
export const getPictureEndpoint = defineEndpoint({
  method: "GET",
  path: `${ENTRY}/picture`,
  summary: "An entry's picture, as its own image type",
  operation: "bible.picture",
  auth: "required",
  params: entryParams,
  query: pictureQuery,
  success: { status: 200, description: "the image", file: true, mediaTypes: PICTURE_MEDIA_TYPES },
  handle: async ({ params, principal }) => fileResponse(await getEntryPicture(params, principal)),
});

// PUT /api/v1/books/{bookId}/bible/entries/{entryId}/picture — multipart `file`
export const setPictureEndpoint = defineEndpoint({
  method: "PUT",
  path: `${ENTRY}/picture`,
  summary: "Set an entry's picture: multipart `file`, a PNG, JPEG, WebP or GIF (by its bytes) of at most 2 MiB; 413 over, 415 not an image",
  operation: "bible.setPicture",
  auth: "required",
  params: entryParams,
  body: pictureUpload("BiblePictureUpload", BIBLE_LIMITS.pictureBytes, PICTURE_MEDIA_TYPES),
  success: { status: 201, description: "the entry with its picture", schema: entrySchema },
  errors: ["payload_too_large", "unsupported_media_type"],
  handle: async ({ params, body, principal }) => success(await setEntryPicture({ ...params, bytes: body.file.bytes }, principal), 201),
});

// DELETE /api/v1/books/{bookId}/bible/entries/{entryId}/picture
export const deletePictureEndpoint = defineEndpoint({
  method: "DELETE",
  path: `${ENTRY}/picture`,
  summary: "Remove an entry's picture",
  operation: "bible.deletePicture",
  auth: "required",
  params: entryParams,
  success: { status: 204, description: "removed" },
  handle: async ({ params, principal }) => {
    await deleteEntryPicture(params, principal);
    return noContent();
  },
});

// GET /api/v1/books/{bookId}/bible/entries/{entryId}/mentions
export const entryMentionsEndpoint = defineEndpoint({
  method: "GET",
  path: `${ENTRY}/mentions`,
  summary: "Where an entry is named: the chapters, the count in each, first and last appearance, and every mention with its sentence (paged)",
  operation: "bible.mentions",
  auth: "required",
  params: entryParams,
  query: mentionsQuery,
  success: { status: 200, description: "the mentions", schema: entryMentionsSchema },
  run: getEntryMentions,
});

// GET /api/v1/books/{bookId}/chapters/{chapterId}/bible — the entries named in a chapter
export const chapterMentionsEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v1/books/{bookId}/chapters/{chapterId}/bible",
  summary: "The bible's entries named in one chapter, with every span (the editor's side panel and marks)",
  operation: "bible.chapterMentions",
  auth: "required",
  params: bookChapterParams,
  success: { status: 200, description: "the entries present", schema: chapterMentionsSchema },
  errors: ["chapter_in_trash"],
  run: getChapterMentions,
});

// GET /api/v1/books/{bookId}/bible/checks?absence=N
export const checksEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v1/books/{bookId}/bible/checks",
  summary: "Continuity findings: an entry named after its exit, a rare near-match of a name (a likely typo), a character absent for more than `absence` chapters",
  operation: "bible.checks",
  auth: "required",
  params: bookIdParams,
  query: checksQuery,
  success: { status: 200, description: "the findings, in book order", schema: checksSchema },
  run: runChecks,
});

// GET /api/v1/books/{bookId}/bible/proposals — characters the text proposes, not yet in the bible
export const proposalsEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v1/books/{bookId}/bible/proposals",
  summary: "The characters the book's text proposes (the analysis engine's proposed cast) that the bible does not have yet; add one with POST …/bible/cast",
  operation: "bible.proposals",
  auth: "required",
  params: bookIdParams,
  success: { status: 200, description: "the proposed characters, most mentioned first", schema: proposedEntriesSchema },
  errors: ["search_timed_out"],
  run: proposeEntries,
});

// GET /api/v1/books/{bookId}/bible/export — Markdown
export const exportBibleEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v1/books/{bookId}/bible/export",
  summary: "The book's bible as one Markdown document (entries by kind, with fields, status and relations)",
  operation: "bible.export",
  auth: "required",
  params: bookIdParams,
  success: { status: 200, description: "the bible", file: true, mediaTypes: ["text/markdown"] },
  handle: async ({ params, principal }) => {
    const { fileName, markdown } = await exportBibleMarkdown(params, principal);
    return fileResponse({ bytes: new TextEncoder().encode(markdown), name: fileName, mediaType: "text/markdown; charset=utf-8" });
  },
});

// POST /api/v1/books/{bookId}/bible/import — many entries at once
export const importEntriesEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/v1/books/{bookId}/bible/import",
  summary: 'Import entries (the CLI reads them from CSV or JSON): all or nothing; onDuplicate "skip" leaves out rows whose names are taken',
  operation: "bible.import",
  auth: "required",
  params: bookIdParams,
  body: { schema: importEntriesInput, maxBytes: 8 * 1024 * 1024 },
  success: { status: 201, description: "what was created and skipped", schema: importResultSchema },
  errors: ["name_taken", "bible_limit"],
  run: importEntries,
});

// POST /api/v1/books/{bookId}/bible/cast — a proposed cast member into the bible
export const addCastMemberEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/v1/books/{bookId}/bible/cast",
  summary: "Add a cast member an analysis proposed to the bible in one action: a character entry with that name",
  operation: "bible.addCastMember",
  auth: "required",
  params: bookIdParams,
  body: { schema: addCastMemberInput },
  success: { status: 201, description: "the new character entry", schema: entrySchema },
  errors: ["name_taken", "bible_limit"],
  run: addCastMember,
});

// GET /api/v1/books/{bookId}/bible/relations — the graph
export const listRelationsEndpoint = defineEndpoint({
  method: "GET",
  path: RELATIONS,
  summary: "Every relation among the book's entries, unpaged (at most the book's relation limit): the graph",
  operation: "bible.relations",
  auth: "required",
  params: bookIdParams,
  success: { status: 200, description: "the relations", schema: relationListSchema },
  run: listRelations,
});

// POST /api/v1/books/{bookId}/bible/relations
export const createRelationEndpoint = defineEndpoint({
  method: "POST",
  path: RELATIONS,
  summary: 'Relate two entries of the book\'s bible: "from" is <label> "to" (sister of, serves, lives in)',
  operation: "bible.createRelation",
  auth: "required",
  params: bookIdParams,
  body: { schema: createRelationInput },
  success: { status: 201, description: "the relation", schema: relationSchema },
  errors: ["name_taken", "bible_limit"],
  run: createRelation,
});

// PATCH /api/v1/books/{bookId}/bible/relations/{relationId}
export const updateRelationEndpoint = defineEndpoint({
  method: "PATCH",
  path: `${RELATIONS}/{relationId}`,
  summary: "Relabel a relation",
  operation: "bible.updateRelation",
  auth: "required",
  params: relationParams,
  body: { schema: patchRelationInput },
  writableAttributes: ["label"],
  success: { status: 201, description: "the relation", schema: relationSchema },
  run: updateRelation,
});

// DELETE /api/v1/books/{bookId}/bible/relations/{relationId}
export const deleteRelationEndpoint = defineEndpoint({
  method: "DELETE",
  path: `${RELATIONS}/{relationId}`,
  summary: "Delete a relation",
  operation: "bible.deleteRelation",
  auth: "required",
  params: relationParams,
  success: { status: 204, description: "deleted" },
  run: deleteRelation,
});

// GET /api/v1/series
export const listSeriesEndpoint = defineListEndpoint({
  path: "/api/v1/series",
  summary: "List your series, each with its books in reading order",
  operation: "series.list",
  collection: seriesCollection,
  success: { status: 200, description: "one page of series", schema: z.array(seriesSchema) },
  list: (_, options, principal) => listSeries(options, principal),
});

// POST /api/v1/series
export const createSeriesEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/v1/series",
  summary: "Create a series of your books (bookIds in reading order); its entries belong to each of its books",
  operation: "series.create",
  auth: "required",
  body: { schema: createSeriesInput },
  success: { status: 201, description: "the series", schema: seriesSchema },
  errors: ["name_taken", "bible_limit"],
  run: createSeries,
});

// GET /api/v1/series/{seriesId}
export const getSeriesEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v1/series/{seriesId}",
  summary: "One series, with its books",
  operation: "series.get",
  auth: "required",
  params: seriesParams,
  success: { status: 200, description: "the series", schema: seriesSchema },
  run: getSeries,
});

// PATCH /api/v1/series/{seriesId}
export const updateSeriesEndpoint = defineEndpoint({
  method: "PATCH",
  path: "/api/v1/series/{seriesId}",
  summary: "Change a series' title, description or books (bookIds: the whole list, in reading order)",
  operation: "series.update",
  auth: "required",
  params: seriesParams,
  body: { schema: patchSeriesInput, under: "changes" },
  writableAttributes: SERIES_WRITABLE_ATTRIBUTES,
  success: { status: 201, description: "the series as saved", schema: seriesSchema },
  errors: ["name_taken", "bible_limit"],
  run: updateSeries,
});

// DELETE /api/v1/series/{seriesId}
export const deleteSeriesEndpoint = defineEndpoint({
  method: "DELETE",
  path: "/api/v1/series/{seriesId}",
  summary: "Delete a series and its own entries; its books stay, outside any series",
  operation: "series.delete",
  auth: "required",
  params: seriesParams,
  success: { status: 204, description: "deleted" },
  run: deleteSeries,
});
