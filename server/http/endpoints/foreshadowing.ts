import { z } from "zod";
import { bookIdParams } from "../../books/schemas";
import { createForeshadowing } from "../../foreshadowing/create-foreshadowing";
import { deleteForeshadowing } from "../../foreshadowing/delete-foreshadowing";
import { getForeshadowing } from "../../foreshadowing/get-foreshadowing";
import { listForeshadowings } from "../../foreshadowing/list-foreshadowings";
import { createForeshadowingInput, foreshadowingParams, foreshadowingSchema, listForeshadowingQuery, updateForeshadowingInput } from "../../foreshadowing/schemas";
import { updateForeshadowing } from "../../foreshadowing/update-foreshadowing";
import { defineEndpoint } from "../endpoint";

// Foreshadowing (伏笔), issue 35 item 3 (decision 0501): a setup, its payoff, or the chapter it must
// be paid off by; overdue ones flagged as the book grows.

// GET /api/v1/books/{bookId}/foreshadowings — the board
export const listForeshadowingsEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v1/books/{bookId}/foreshadowings",
  summary: "The book's foreshadowing board, in the reading order of the setups, each with its status (overdue, open, paid_off, dropped) and chapters left; a book keeps at most 2,000, so the list is whole",
  operation: "foreshadowing.list",
  auth: "required",
  params: bookIdParams,
  query: listForeshadowingQuery,
  success: { status: 200, description: "the foreshadowings", schema: z.array(foreshadowingSchema) },
  errors: ["book_in_trash", "gone"],
  run: listForeshadowings,
});

// POST /api/v1/books/{bookId}/foreshadowings — plant one
export const createForeshadowingEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/v1/books/{bookId}/foreshadowings",
  summary: "Plant a foreshadowing: its setup chapter (and words), and a payoff (paid off at once) or a deadline — a chapter, or a chapter number not yet written. A deadline before the setup is 422; a payoff before it is kept with a warning",
  operation: "foreshadowing.create",
  auth: "required",
  params: bookIdParams,
  body: { schema: createForeshadowingInput },
  writableAttributes: Object.keys(createForeshadowingInput.shape),
  success: { status: 201, description: "the foreshadowing", schema: foreshadowingSchema },
  errors: ["chapter_in_trash", "book_in_trash", "gone"],
  run: createForeshadowing,
});

// GET /api/v1/books/{bookId}/foreshadowings/{foreshadowingId}
export const getForeshadowingEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v1/books/{bookId}/foreshadowings/{foreshadowingId}",
  summary: "Read one foreshadowing",
  operation: "foreshadowing.get",
  auth: "required",
  params: foreshadowingParams,
  success: { status: 200, description: "the foreshadowing", schema: foreshadowingSchema },
  errors: ["book_in_trash", "gone"],
  run: getForeshadowing,
});

// PATCH /api/v1/books/{bookId}/foreshadowings/{foreshadowingId} — edit, pay off, drop, reopen
export const updateForeshadowingEndpoint = defineEndpoint({
  method: "PATCH",
  path: "/api/v1/books/{bookId}/foreshadowings/{foreshadowingId}",
  summary: "Change a foreshadowing: naming a payoff pays it off, `state: dropped` abandons it on purpose, `state: planted` reopens it (taking a payoff back)",
  operation: "foreshadowing.update",
  auth: "required",
  params: foreshadowingParams,
  body: { schema: updateForeshadowingInput },
  writableAttributes: ["title", "note", "setup", "payoff", "deadline", "state"],
  success: { status: 201, description: "the foreshadowing, changed", schema: foreshadowingSchema },
  errors: ["chapter_in_trash", "book_in_trash", "gone"],
  run: updateForeshadowing,
});

// DELETE /api/v1/books/{bookId}/foreshadowings/{foreshadowingId}
export const deleteForeshadowingEndpoint = defineEndpoint({
  method: "DELETE",
  path: "/api/v1/books/{bookId}/foreshadowings/{foreshadowingId}",
  summary: "Delete a foreshadowing for good (dropping it keeps it on the board)",
  operation: "foreshadowing.delete",
  auth: "required",
  params: foreshadowingParams,
  success: { status: 204, description: "deleted" },
  errors: ["book_in_trash", "gone"],
  run: deleteForeshadowing,
});
