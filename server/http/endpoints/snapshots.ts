import { bookIdParams } from "../../books/schemas";
import { chapterSchema } from "../../chapters/schemas";
import { compareSnapshots } from "../../snapshots/compare-snapshots";
import { createSnapshot } from "../../snapshots/create-snapshot";
import { deleteSnapshot } from "../../snapshots/delete-snapshot";
import { getSnapshot, getSnapshotChapter } from "../../snapshots/get-snapshot";
import { listSnapshots } from "../../snapshots/list-snapshots";
import { restoreFromSnapshot } from "../../snapshots/restore-from-snapshot";
import {
  compareQuery,
  comparisonSchema,
  createSnapshotInput,
  restoreFromSnapshotInput,
  snapshotChapterParams,
  snapshotChapterSchema,
  snapshotParams,
  snapshotSchema,
  snapshotsSchema,
} from "../../snapshots/schemas";
import { defineEndpoint } from "../endpoint";

// Named snapshots (issue 36 item 4, decision 0489).

// GET /api/v1/books/{bookId}/snapshots — the book's snapshots
export const listSnapshotsEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v1/books/{bookId}/snapshots",
  summary: "The book's named snapshots, newest first (at most 200, so no pages)",
  operation: "snapshots.list",
  auth: "required",
  params: bookIdParams,
  success: { status: 200, description: "the snapshots", schema: snapshotsSchema },
  errors: ["book_in_trash", "gone"],
  run: listSnapshots,
});

// POST /api/v1/books/{bookId}/snapshots — the owner freezes the book under a name
export const createSnapshotEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/v1/books/{bookId}/snapshots",
  summary:
    "Freeze the book as a named snapshot (owner only): every chapter out of the trash, its title, place and text as they stand. A name the book's snapshots have already (letter case aside) is 409 name_taken",
  operation: "snapshots.create",
  auth: "required",
  params: bookIdParams,
  body: { schema: createSnapshotInput },
  writableAttributes: Object.keys(createSnapshotInput.shape),
  success: { status: 201, description: "the snapshot with its chapters", schema: snapshotSchema },
  errors: ["name_taken", "book_in_trash", "gone"],
  run: createSnapshot,
});

// GET /api/v1/books/{bookId}/snapshots/{snapshotId} — a snapshot and its chapter list
export const getSnapshotEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v1/books/{bookId}/snapshots/{snapshotId}",
  summary: "A snapshot with its chapters' titles, order, versions and word counts as they were",
  operation: "snapshots.get",
  auth: "required",
  params: snapshotParams,
  success: { status: 200, description: "the snapshot", schema: snapshotSchema },
  errors: ["book_in_trash", "gone"],
  run: getSnapshot,
});

// DELETE /api/v1/books/{bookId}/snapshots/{snapshotId} — the owner deletes a snapshot
export const deleteSnapshotEndpoint = defineEndpoint({
  method: "DELETE",
  path: "/api/v1/books/{bookId}/snapshots/{snapshotId}",
  summary: "Delete a snapshot (owner only); the chapters keep their histories, which age as any other",
  operation: "snapshots.delete",
  auth: "required",
  params: snapshotParams,
  success: { status: 204, description: "deleted" },
  errors: ["book_in_trash", "gone"],
  run: deleteSnapshot,
});

// GET /api/v1/books/{bookId}/snapshots/{snapshotId}/chapters/{chapterId} — one chapter as it was
export const getSnapshotChapterEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v1/books/{bookId}/snapshots/{snapshotId}/chapters/{chapterId}",
  summary: "One chapter of a snapshot with its text as it was (404 when the snapshot does not hold it)",
  operation: "snapshots.chapter",
  auth: "required",
  params: snapshotChapterParams,
  success: { status: 200, description: "the chapter as the snapshot holds it", schema: snapshotChapterSchema },
  errors: ["book_in_trash", "gone"],
  run: getSnapshotChapter,
});

// GET /api/v1/books/{bookId}/snapshots/{snapshotId}/comparison — against today or another snapshot
export const compareSnapshotEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v1/books/{bookId}/snapshots/{snapshotId}/comparison",
  summary:
    "Compare the snapshot with today (`with=today`, the default) or another snapshot (`with=<id>`), chapter by chapter: added, removed, changed or unchanged, with word counts; `chapter=<id>` adds that chapter's text diff",
  operation: "snapshots.compare",
  auth: "required",
  params: snapshotParams,
  query: compareQuery,
  success: { status: 200, description: "the comparison", schema: comparisonSchema },
  errors: ["book_in_trash", "gone", "rate_limited"],
  run: compareSnapshots,
});

// POST /api/v1/books/{bookId}/snapshots/{snapshotId}/chapters/{chapterId}/restorations — bring a chapter back as the snapshot holds it
export const restoreFromSnapshotEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/v1/books/{bookId}/snapshots/{snapshotId}/chapters/{chapterId}/restorations",
  summary:
    "Restore a chapter's title and text from a snapshot as a new version, whose revision names the snapshot; nothing is lost. A chapter the snapshot does not hold is 404; one in the trash is 404 chapter_in_trash (take it out first)",
  operation: "snapshots.restore",
  auth: "required",
  params: snapshotChapterParams,
  body: { schema: restoreFromSnapshotInput },
  writableAttributes: Object.keys(restoreFromSnapshotInput.shape),
  success: { status: 201, description: "the chapter at its new version", schema: chapterSchema },
  errors: ["version_conflict", "chapter_in_trash", "book_in_trash", "gone"],
  run: restoreFromSnapshot,
});
