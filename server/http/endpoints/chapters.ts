import { z } from "zod";
import { bookIdParams } from "../../books/schemas";
import { deleteChapter } from "../../chapters/delete-chapter";
import { CHAPTER_TRASH_DAYS } from "../../chapters/limits.mjs";
import { getChapter } from "../../chapters/get-chapter";
import { getRevision } from "../../chapters/get-revision";
import { chaptersCollection, listChapters } from "../../chapters/list-chapters";
import { listRevisions, revisionsCollection } from "../../chapters/list-revisions";
import { reorderChapters } from "../../chapters/reorder-chapters";
import { untrashChapter } from "../../chapters/untrash-chapter";
import { restoreRevision } from "../../chapters/restore-revision";
import { saveChapter } from "../../chapters/save-chapter";
import {
  chapterParams,
  chapterListItemSchema,
  CHAPTER_BODY_LIMIT,
  chapterSchema,
  chapterSummarySchema,
  patchChapterInput,
  reorderChaptersInput,
  replaceChapterInput,
  restoreRevisionInput,
  revisionParams,
  revisionSchema,
  revisionSummarySchema,
  uploadChapterInput,
  type ChapterDto,
} from "../../chapters/schemas";
import { uploadChapter } from "../../chapters/upload-chapter";
import { booleanFilter } from "../../collections";
import { AppError } from "../../errors";
import { ifMatchVersion } from "../conditional";
import { aliasOf, defineEndpoint, defineListEndpoint } from "../endpoint";
import { paged, success } from "../envelope";

const versionHeader = (chapter: ChapterDto) => ({ etag: `"${chapter.version}"` });
const ifMatchHeader = z.object({
  "If-Match": z.string().optional().describe('the version edited, as the chapter\'s ETag gave it ("3"); instead of, or equal to, `version` in the body'),
});

/**
 * The version an edit was made against: the If-Match header (`"3"`) or `version` in the body.
 * `conditional` says it came from If-Match, whose staleness HTTP answers with 412, not 409.
 */
function editedVersion(request: Request, bodyVersion: number | undefined): { version?: number; conditional: boolean } {
  const headerVersion = ifMatchVersion(request);
  if (headerVersion === undefined) return { version: bodyVersion, conditional: false };
  if (bodyVersion !== undefined && headerVersion !== bodyVersion) {
    throw new AppError("validation_failed", "If-Match and the body name different versions.", [
      { path: "version", message: `If-Match says ${headerVersion}` },
    ]);
  }
  return { version: headerVersion, conditional: true };
}

/** Runs an edit and answers with the new version, turning a stale If-Match into 412. */
async function answerEdit(conditional: boolean, edit: () => Promise<ChapterDto>): Promise<Response> {
  try {
    const chapter = await edit();
    return success(chapter, 201, versionHeader(chapter));
  } catch (error) {
    if (conditional && error instanceof AppError && error.code === "version_conflict") {
      throw new AppError("precondition_failed", error.message, error.details);
    }
    throw error;
  }
}

// GET /api/v1/books/{bookId}/chapters — the chapters in book order
export const listChaptersEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v1/books/{bookId}/chapters",
  summary: "List a book's chapters in order (content only with include=content)",
  operation: "chapters.list",
  auth: "required",
  params: bookIdParams,
  collection: chaptersCollection,
  query: z.object({ include: z.literal("content", { error: 'must be "content"' }).optional().describe("add each chapter's text") }),
  success: { status: 200, description: "one page of chapters", schema: z.array(chapterListItemSchema), paged: true },
  handle: async ({ url, params, query, collection, principal }) =>
    paged(await listChapters({ bookId: params.bookId, includeContent: query.include === "content", options: collection }, principal), url),
});

// POST /api/v1/books/{bookId}/chapters — upload a chapter (JSON, or multipart with a `file` part)
export const uploadChapterEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/v1/books/{bookId}/chapters",
  summary: "Add a chapter at the end of the book; its title defaults to a leading Markdown heading",
  operation: "chapters.upload",
  auth: "required",
  params: bookIdParams,
  // The seed's upload sends the book's id in the body as well as in the path (`{bookId, content}`).
  body: { schema: uploadChapterInput, maxBytes: CHAPTER_BODY_LIMIT, multipart: true, echoes: ["bookId"] },
  writableAttributes: ["title", "content"],
  success: { status: 201, description: "the new chapter, version 1", schema: chapterSchema, headers: ["etag"], headersOf: versionHeader },
  errors: ["book_in_trash"],
  run: uploadChapter,
});

// PUT /api/v1/books/{bookId}/chapter-order — put the chapters in a new order
export const reorderChaptersEndpoint = defineEndpoint({
  method: "PUT",
  path: "/api/v1/books/{bookId}/chapter-order",
  summary: "Reorder the chapters: name every chapter once, in the new order (each keeps its part; with orderVersion, a stale order is 409)",
  operation: "chapters.reorder",
  auth: "required",
  params: bookIdParams,
  body: { schema: reorderChaptersInput },
  success: { status: 201, description: "the chapters in their new order", schema: z.array(chapterSummarySchema) },
  errors: ["version_conflict", "book_in_trash"],
  run: reorderChapters,
});

// GET /api/v1/books/{bookId}/chapters/{chapterId} — read a chapter
export const getChapterEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v1/books/{bookId}/chapters/{chapterId}",
  summary: "Read a chapter; ETag carries its version",
  operation: "chapters.get",
  auth: "required",
  params: chapterParams,
  // The version the saves name in If-Match (below): a chapter's title and text change only with it.
  success: {
    status: 200,
    description: "the chapter",
    schema: chapterSchema,
    headers: ["etag", "last-modified"],
    validators: (chapter) => ({ ...versionHeader(chapter), lastModified: new Date(chapter.updatedAt) }),
  },
  run: getChapter,
});

/** PUT and PATCH of a chapter differ only in which fields the body must carry. */
function saveChapterEndpoint(method: "PUT" | "PATCH", schema: typeof replaceChapterInput | typeof patchChapterInput, fields: string) {
  return defineEndpoint({
    method,
    path: "/api/v1/books/{bookId}/chapters/{chapterId}",
    summary: `Save a chapter's ${fields} against the version edited (body \`version\` or If-Match)`,
    operation: "chapters.save",
    auth: "required",
    params: chapterParams,
    body: { schema, maxBytes: CHAPTER_BODY_LIMIT },
    writableAttributes: ["title", "content"],
    readOnly: method === "PUT" ? { resource: chapterSchema, current: ({ params, principal }) => getChapter(params, principal) } : undefined,
    headers: ifMatchHeader,
    success: { status: 201, description: "the new version", schema: chapterSchema, headers: ["etag"] },
    errors: ["version_conflict", "precondition_failed", "book_in_trash"],
    handle: async ({ request, params, body, principal }) => {
      const { version, conditional } = editedVersion(request, body.version);
      if (version === undefined) {
        throw new AppError("validation_failed", "Say which version you edited, so that no newer save is overwritten.", [
          { path: "version", message: "required (or send If-Match)" },
        ]);
      }
      return answerEdit(conditional, () => saveChapter({ ...params, version, title: body.title, content: body.content }, principal));
    },
  });
}

// PUT /api/v1/books/{bookId}/chapters/{chapterId} — save title and content
export const replaceChapterEndpoint = saveChapterEndpoint("PUT", replaceChapterInput, "title and content");

// PATCH /api/v1/books/{bookId}/chapters/{chapterId} — save title and/or content
export const patchChapterEndpoint = saveChapterEndpoint("PATCH", patchChapterInput, "title and/or content");

// DELETE /api/v1/books/{bookId}/chapters/{chapterId} — to the book's trash, or for good
export const deleteChapterEndpoint = defineEndpoint({
  method: "DELETE",
  path: "/api/v1/books/{bookId}/chapters/{chapterId}",
  summary: `Move a chapter and its history to the book's trash (later chapters move up; it is deleted for good after ${CHAPTER_TRASH_DAYS} days); with permanent=true delete it for good now`,
  operation: "chapters.delete",
  auth: "required",
  params: chapterParams,
  query: z.object({ permanent: booleanFilter.optional().describe("delete for good, with its history") }),
  success: { status: 204, description: "deleted" },
  errors: ["book_in_trash"],
  run: ({ permanent, ...chapter }, principal) => deleteChapter({ ...chapter, permanent: permanent ?? false }, principal),
});

// POST /api/v1/books/{bookId}/chapters/{chapterId}/untrash — out of the book's trash. Not
// "restore": that word is a revision's (…/restorations, tRPC chapters.restoreRevision).
export const untrashChapterEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/v1/books/{bookId}/chapters/{chapterId}/untrash",
  summary: "Take a chapter out of the book's trash, back into its old place (or at the end)",
  operation: "chapters.untrash",
  auth: "required",
  params: chapterParams,
  success: { status: 201, description: "the chapter, back in the book", schema: chapterSchema, headers: ["etag"], headersOf: versionHeader },
  errors: ["book_in_trash"],
  run: untrashChapter,
});

// Its address until issue 18, kept for callers written against it.
export const untrashChapterOldEndpoint = aliasOf(untrashChapterEndpoint, "/api/v1/books/{bookId}/chapters/{chapterId}/restore");

// GET /api/v1/books/{bookId}/chapters/{chapterId}/revisions — the chapter's saved versions
export const listRevisionsEndpoint = defineListEndpoint({
  path: "/api/v1/books/{bookId}/chapters/{chapterId}/revisions",
  summary: "List a chapter's revisions, newest first (one per save)",
  operation: "chapters.revisions",
  params: chapterParams,
  collection: revisionsCollection,
  success: { status: 200, description: "one page of revisions", schema: z.array(revisionSummarySchema) },
  list: (chapter, options, principal) => listRevisions({ ...chapter, options }, principal),
});

// GET /api/v1/books/{bookId}/chapters/{chapterId}/revisions/{version} — one saved version
export const getRevisionEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v1/books/{bookId}/chapters/{chapterId}/revisions/{version}",
  summary: "Read one revision of a chapter",
  operation: "chapters.revisions",
  auth: "required",
  params: revisionParams,
  success: { status: 200, description: "the revision", schema: revisionSchema },
  handle: async ({ params, principal }) => success(await getRevision(params, principal)),
});

// POST /api/v1/books/{bookId}/chapters/{chapterId}/restorations — bring an old version back
export const restoreRevisionEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/v1/books/{bookId}/chapters/{chapterId}/restorations",
  summary: "Restore a revision: its text becomes a new version, and nothing is lost",
  operation: "chapters.restoreRevision",
  auth: "required",
  params: chapterParams,
  body: { schema: restoreRevisionInput },
  headers: ifMatchHeader,
  success: { status: 201, description: "the chapter at its new version", schema: chapterSchema, headers: ["etag"] },
  errors: ["version_conflict", "precondition_failed", "book_in_trash"],
  handle: async ({ request, params, body, principal }) => {
    // Without a version the restore applies to whatever is current: the text it replaces is kept as a revision.
    const { version, conditional } = editedVersion(request, body.version);
    return answerEdit(conditional, () => restoreRevision({ ...params, revision: body.revision, version }, principal));
  },
});
