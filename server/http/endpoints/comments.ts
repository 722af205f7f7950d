import { z } from "zod";
import { createThread } from "../../comments/create-thread";
import { deleteComment } from "../../comments/delete-comment";
import { deleteThread } from "../../comments/delete-thread";
import { editComment } from "../../comments/edit-comment";
import { getThread } from "../../comments/get-thread";
import { listThreads, threadsCollection } from "../../comments/list-threads";
import { replyToThread } from "../../comments/reply";
import { resolveThread } from "../../comments/resolve-thread";
import { chapterParams, commentParams, createThreadInput, editCommentInput, replyInput, threadParams, threadSchema, updateThreadInput } from "../../comments/schemas";
import { bookIdParams } from "../../books/schemas";
import { defineEndpoint, defineListEndpoint } from "../endpoint";

// Comments anchored in the text (issue 36 item 2, decision 0492). A thread is a comment on a
// stretch of a chapter's text with its replies; every change of the text moves it along.

// GET /api/v1/books/{bookId}/threads — every thread of the book
export const listThreadsEndpoint = defineListEndpoint({
  path: "/api/v1/books/{bookId}/threads",
  summary: "List the book's comment threads, newest first, resolved ones included unless filtered (roles that comment: owner, co-author, editor)",
  operation: "comments.list",
  params: bookIdParams,
  collection: threadsCollection,
  success: { status: 200, description: "one page of threads, each with its comments", schema: z.array(threadSchema) },
  list: (book, options, principal) => listThreads({ ...book, options }, principal),
});

// POST /api/v1/books/{bookId}/chapters/{chapterId}/threads — comment on a stretch of the text
export const createThreadEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/v1/books/{bookId}/chapters/{chapterId}/threads",
  summary:
    "Comment on [start, end) of a chapter's text: a new thread, which follows its words through later edits (offsets in UTF-16 code units). With `quote`, a stretch that no longer holds it is corrected to the quote's nearest occurrence",
  operation: "comments.create",
  auth: "required",
  params: chapterParams,
  body: { schema: createThreadInput },
  writableAttributes: ["start", "end", "quote", "body"],
  success: { status: 201, description: "the thread", schema: threadSchema },
  errors: ["chapter_in_trash", "book_in_trash", "gone"],
  run: createThread,
});

// GET /api/v1/books/{bookId}/threads/{threadId}
export const getThreadEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v1/books/{bookId}/threads/{threadId}",
  summary: "Read one comment thread with its comments",
  operation: "comments.get",
  auth: "required",
  params: threadParams,
  success: { status: 200, description: "the thread", schema: threadSchema },
  errors: ["book_in_trash", "gone"],
  run: getThread,
});

// PATCH /api/v1/books/{bookId}/threads/{threadId} — resolve or reopen
export const resolveThreadEndpoint = defineEndpoint({
  method: "PATCH",
  path: "/api/v1/books/{bookId}/threads/{threadId}",
  summary: "Resolve a thread (it stays findable with resolved=true) or reopen it; anyone who comments on the book may",
  operation: "comments.resolve",
  auth: "required",
  params: threadParams,
  body: { schema: updateThreadInput },
  writableAttributes: ["resolved"],
  success: { status: 201, description: "the thread", schema: threadSchema },
  errors: ["book_in_trash", "gone"],
  run: resolveThread,
});

// DELETE /api/v1/books/{bookId}/threads/{threadId}
export const deleteThreadEndpoint = defineEndpoint({
  method: "DELETE",
  path: "/api/v1/books/{bookId}/threads/{threadId}",
  summary: "Delete a thread and its replies: whoever opened it, or the book's owner",
  operation: "comments.deleteThread",
  auth: "required",
  params: threadParams,
  success: { status: 204, description: "deleted" },
  errors: ["not_your_comment", "book_in_trash", "gone"],
  run: deleteThread,
});

// POST /api/v1/books/{bookId}/threads/{threadId}/comments — reply
export const replyEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/v1/books/{bookId}/threads/{threadId}/comments",
  summary: "Reply to a thread (a resolved one opens again)",
  operation: "comments.reply",
  auth: "required",
  params: threadParams,
  body: { schema: replyInput },
  writableAttributes: ["body"],
  success: { status: 201, description: "the thread with the reply", schema: threadSchema },
  errors: ["book_in_trash", "gone"],
  run: replyToThread,
});

// PATCH /api/v1/books/{bookId}/threads/{threadId}/comments/{commentId} — reword one's own comment
export const editCommentEndpoint = defineEndpoint({
  method: "PATCH",
  path: "/api/v1/books/{bookId}/threads/{threadId}/comments/{commentId}",
  summary: "Reword a comment: its author only; it is marked edited",
  operation: "comments.edit",
  auth: "required",
  params: commentParams,
  body: { schema: editCommentInput },
  writableAttributes: ["body"],
  success: { status: 201, description: "the thread", schema: threadSchema },
  errors: ["not_your_comment", "book_in_trash", "gone"],
  run: editComment,
});

// DELETE /api/v1/books/{bookId}/threads/{threadId}/comments/{commentId} — remove a reply
export const deleteCommentEndpoint = defineEndpoint({
  method: "DELETE",
  path: "/api/v1/books/{bookId}/threads/{threadId}/comments/{commentId}",
  summary: "Delete a reply: its author, or the book's owner (the opening comment goes with its thread)",
  operation: "comments.deleteComment",
  auth: "required",
  params: commentParams,
  success: { status: 204, description: "deleted" },
  errors: ["not_your_comment", "book_in_trash", "gone"],
  run: deleteComment,
});
