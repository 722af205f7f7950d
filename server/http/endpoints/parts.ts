import { bookIdParams } from "../../books/schemas";
import { createPart } from "../../parts/create-part";
import { deletePart } from "../../parts/delete-part";
import { getContents } from "../../parts/get-contents";
import { getPart } from "../../parts/get-part";
import { listParts } from "../../parts/list-parts";
import { reorderContents } from "../../parts/reorder-contents";
import { contentsSchema, createPartInput, partParams, partSchema, reorderContentsInput, updatePartInput } from "../../parts/schemas";
import { updatePart } from "../../parts/update-part";
import { z } from "zod";
import { defineEndpoint } from "../endpoint";

// Parts (卷) of a book, issue 35 item 1 (decision 0488).

// GET /api/v1/books/{bookId}/parts — the book's parts in order
export const listPartsEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v1/books/{bookId}/parts",
  summary: "List the book's parts (卷, Part One…) in order, each with the count and words of its chapters; a book without parts lists none",
  operation: "parts.list",
  auth: "required",
  params: bookIdParams,
  success: { status: 200, description: "the parts in order", schema: z.array(partSchema) },
  errors: ["book_in_trash", "gone"],
  run: listParts,
});

// POST /api/v1/books/{bookId}/parts — a new, empty part after the last one
export const createPartEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/v1/books/{bookId}/parts",
  summary: "Add an empty part after the book's last part; move chapters into it with PUT …/contents",
  operation: "parts.create",
  auth: "required",
  params: bookIdParams,
  body: { schema: createPartInput },
  writableAttributes: Object.keys(createPartInput.shape),
  success: { status: 201, description: "the new part", schema: partSchema },
  errors: ["book_in_trash", "gone"],
  run: createPart,
});

// GET /api/v1/books/{bookId}/parts/{partId} — one part
export const getPartEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v1/books/{bookId}/parts/{partId}",
  summary: "Read one part",
  operation: "parts.get",
  auth: "required",
  params: partParams,
  success: { status: 200, description: "the part", schema: partSchema },
  errors: ["book_in_trash", "gone"],
  run: getPart,
});

// PATCH /api/v1/books/{bookId}/parts/{partId} — rename a part
export const updatePartEndpoint = defineEndpoint({
  method: "PATCH",
  path: "/api/v1/books/{bookId}/parts/{partId}",
  summary: "Rename a part (its place changes with PUT …/contents)",
  operation: "parts.update",
  auth: "required",
  params: partParams,
  body: { schema: updatePartInput },
  writableAttributes: Object.keys(updatePartInput.shape),
  success: { status: 201, description: "the part, renamed", schema: partSchema },
  errors: ["book_in_trash", "gone"],
  run: updatePart,
});

// DELETE /api/v1/books/{bookId}/parts/{partId} — the part goes, its chapters stay
export const deletePartEndpoint = defineEndpoint({
  method: "DELETE",
  path: "/api/v1/books/{bookId}/parts/{partId}",
  summary: "Delete a part: its chapters stay where they stand in the book, outside any part",
  operation: "parts.delete",
  auth: "required",
  params: partParams,
  success: { status: 204, description: "deleted" },
  errors: ["book_in_trash", "gone"],
  run: deletePart,
});

// GET /api/v1/books/{bookId}/contents — the chapters grouped under their parts
export const getContentsEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v1/books/{bookId}/contents",
  summary: "The book's table of contents: chapters outside any part and parts with their chapters, in reading order, with the order version a reorder names",
  operation: "parts.contents",
  auth: "required",
  params: bookIdParams,
  success: { status: 200, description: "the contents", schema: contentsSchema },
  errors: ["book_in_trash", "gone"],
  run: getContents,
});

// PUT /api/v1/books/{bookId}/contents — a new order of parts and chapters
export const reorderContentsEndpoint = defineEndpoint({
  method: "PUT",
  path: "/api/v1/books/{bookId}/contents",
  summary: "Reorder parts and chapters, and move chapters into, out of and between parts: name every part and every chapter once, with the order version read (stale: 409)",
  operation: "chapters.reorder",
  auth: "required",
  params: bookIdParams,
  body: { schema: reorderContentsInput },
  success: { status: 201, description: "the contents in their new order", schema: contentsSchema },
  errors: ["version_conflict", "book_in_trash", "gone"],
  run: reorderContents,
});
