import { bookIdParams } from "../../books/schemas";
import { getReadersReport } from "../../readers/get-readers-report";
import { getReading } from "../../readers/get-reading";
import { getReadingChapter } from "../../readers/get-reading-chapter";
import { commentOnParagraph } from "../../readers/comment-on-paragraph";
import { reactToParagraph } from "../../readers/react-to-paragraph";
import {
  paragraphCommentInput,
  paragraphCommentSchema,
  placeInput,
  placeSchema,
  reactionInput,
  reactionSchema,
  readersReportSchema,
  readingChapterParams,
  readingChapterSchema,
  readingSchema,
  reportQuery,
  sharingInput,
  sharingSchema,
} from "../../readers/schemas";
import { setReadingPlace } from "../../readers/set-reading-place";
import { shareWithReaders } from "../../readers/share-with-readers";
import { defineEndpoint } from "../endpoint";

// Beta readers on a shared snapshot (issue 36 item 5, decision 0497).

// GET /api/v1/books/{bookId}/readers — the owner's view of the readers of a snapshot
export const readersReportEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v1/books/{bookId}/readers",
  summary:
    "The owner's view of a snapshot's readers (the shared one, or `snapshotId=`), per chapter: how many started and finished it, where each stopped (a paragraph), reaction counts per paragraph. Readers are named only when the sharing shows names, else Reader 1, 2 …",
  operation: "readers.report",
  auth: "required",
  params: bookIdParams,
  query: reportQuery,
  success: { status: 200, description: "the report", schema: readersReportSchema },
  errors: ["book_in_trash", "gone"],
  run: getReadersReport,
});

// PUT /api/v1/books/{bookId}/readers/sharing — the owner shares a snapshot with the book's readers
export const shareWithReadersEndpoint = defineEndpoint({
  method: "PUT",
  path: "/api/v1/books/{bookId}/readers/sharing",
  summary: "Share one named snapshot with the book's readers (null: none), and whether the owner's view names them (owner only). A snapshot of another book is 404",
  operation: "readers.share",
  auth: "required",
  params: bookIdParams,
  body: { schema: sharingInput },
  writableAttributes: Object.keys(sharingInput.shape),
  success: { status: 201, description: "the sharing as it stands", schema: sharingSchema },
  errors: ["book_in_trash", "gone"],
  run: shareWithReaders,
});

// GET /api/v1/books/{bookId}/reading — what a reader reads: the shared snapshot
export const readingEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v1/books/{bookId}/reading",
  summary:
    "The snapshot the owner shares with readers: its chapters the caller may read (a beta reader: those released to readers), their place in each, and where they read last. 404 when the book shares none",
  operation: "reading.get",
  auth: "required",
  params: bookIdParams,
  success: { status: 200, description: "the reading", schema: readingSchema },
  errors: ["book_in_trash", "gone"],
  run: getReading,
});

// GET /api/v1/books/{bookId}/reading/chapters/{chapterId} — one chapter of the shared snapshot
export const readingChapterEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v1/books/{bookId}/reading/chapters/{chapterId}",
  summary: "One chapter of the shared snapshot in paragraphs (never the live draft, never the writer's notes), with the caller's place and own reactions. Not released to readers: 403 for a beta reader",
  operation: "reading.chapter",
  auth: "required",
  params: readingChapterParams,
  success: { status: 200, description: "the chapter as the snapshot holds it", schema: readingChapterSchema },
  errors: ["book_in_trash", "gone"],
  run: getReadingChapter,
});

// PUT /api/v1/books/{bookId}/reading/chapters/{chapterId}/place — the caller's place in it
export const readingPlaceEndpoint = defineEndpoint({
  method: "PUT",
  path: "/api/v1/books/{bookId}/reading/chapters/{chapterId}/place",
  summary: "Keep the caller's place in a chapter of the shared snapshot (a paragraph; finished once they reach its end, which tells the owner once)",
  operation: "reading.place",
  auth: "required",
  params: readingChapterParams,
  body: { schema: placeInput },
  writableAttributes: Object.keys(placeInput.shape),
  success: { status: 201, description: "the place kept", schema: placeSchema },
  errors: ["book_in_trash", "gone"],
  run: setReadingPlace,
});

// POST /api/v1/books/{bookId}/reading/chapters/{chapterId}/reactions — toggle a reaction on a paragraph
export const reactToParagraphEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/v1/books/{bookId}/reading/chapters/{chapterId}/reactions",
  summary: "React to a paragraph of the shared snapshot with one of 👍 ❤️ 😂 😮 😢 ❓: one per reader per paragraph; the same again takes it back, another replaces it",
  operation: "reading.react",
  auth: "required",
  params: readingChapterParams,
  body: { schema: reactionInput },
  writableAttributes: Object.keys(reactionInput.shape),
  success: { status: 201, description: "the caller's reaction on the paragraph now", schema: reactionSchema },
  errors: ["book_in_trash", "gone"],
  run: reactToParagraph,
});

// POST /api/v1/books/{bookId}/reading/chapters/{chapterId}/comments — a reader's comment on a paragraph
export const commentOnParagraphEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/v1/books/{bookId}/reading/chapters/{chapterId}/comments",
  summary: "Comment on a paragraph of the shared snapshot (段评): the owner reads it in the readers' report, named only as they chose; no other reader ever sees it",
  operation: "reading.comment",
  auth: "required",
  params: readingChapterParams,
  body: { schema: paragraphCommentInput },
  writableAttributes: Object.keys(paragraphCommentInput.shape),
  success: { status: 201, description: "the comment", schema: paragraphCommentSchema },
  errors: ["book_in_trash", "gone"],
  run: commentOnParagraph,
});
