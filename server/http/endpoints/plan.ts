import { bookIdParams } from "../../books/schemas";
import { createLabel } from "../../plan/create-label";
import { createPlotline } from "../../plan/create-plotline";
import { deleteLabel } from "../../plan/delete-label";
import { deletePlotline } from "../../plan/delete-plotline";
import { getOutline } from "../../plan/get-outline";
import { listLabels } from "../../plan/list-labels";
import { listPlotlines } from "../../plan/list-plotlines";
import {
  createLabelInput,
  createPlotlineInput,
  labelParams,
  labelSchema,
  outlineQuery,
  outlineSchema,
  planItemParams,
  plotlineParams,
  plotlineSchema,
  updatedPlanSchema,
  updateLabelInput,
  updatePlanInput,
  updatePlotlineInput,
} from "../../plan/schemas";
import { updateLabel } from "../../plan/update-label";
import { updatePlan } from "../../plan/update-plan";
import { updatePlotline } from "../../plan/update-plotline";
import { getTimeline } from "../../plan/get-timeline";
import { timelineSchema } from "../../plan/timeline-schemas";
import { z } from "zod";
import { defineEndpoint } from "../endpoint";

// The plan of a book's parts, chapters and scenes, its plotlines and labels: issue 35 item 2 (decision 0500).

// GET /api/v1/books/{bookId}/plan — the outline: parts, chapters and scenes in reading order with their plans
export const getOutlineEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v1/books/{bookId}/plan",
  summary:
    "The book's plan as an outline: parts, chapters and scenes in reading order, each with its synopsis, status, POV, characters, labels, plotlines, target and story date; filtered by pov, plotline, label, status (a matching item keeps its part and chapter, marked matches: false)",
  operation: "plan.outline",
  auth: "required",
  params: bookIdParams,
  query: outlineQuery,
  success: { status: 200, description: "the outline", schema: outlineSchema },
  errors: ["book_in_trash", "gone"],
  run: getOutline,
});

// PATCH /api/v1/books/{bookId}/plan/{kind}/{itemId} — change one item's plan
export const updatePlanEndpoint = defineEndpoint({
  method: "PATCH",
  path: "/api/v1/books/{bookId}/plan/{kind}/{itemId}",
  summary:
    "Change some fields of a part's, chapter's or scene's plan (kind: parts, chapters, scenes); lists replace the old ones. A story date that does not parse, a POV or character not in the book's bible, another book's label or plotline: 422; a chapter in the trash: 404 chapter_in_trash",
  operation: "plan.update",
  auth: "required",
  params: planItemParams,
  body: { schema: updatePlanInput, under: "changes" },
  writableAttributes: Object.keys(updatePlanInput.shape),
  success: { status: 201, description: "the item with its plan as saved", schema: updatedPlanSchema },
  errors: ["chapter_in_trash", "book_in_trash", "gone"],
  run: updatePlan,
});

// GET /api/v1/books/{bookId}/plotlines — the book's plotlines in order
export const listPlotlinesEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v1/books/{bookId}/plotlines",
  summary: "The book's plotlines (主线, subplots) in their order",
  operation: "plotlines.list",
  auth: "required",
  params: bookIdParams,
  success: { status: 200, description: "the plotlines", schema: z.array(plotlineSchema) },
  errors: ["book_in_trash", "gone"],
  run: listPlotlines,
});

// POST /api/v1/books/{bookId}/plotlines — a new plotline, last
export const createPlotlineEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/v1/books/{bookId}/plotlines",
  summary: "Add a plotline after the last; its name is unique in the book (case folded: 409 name_taken), its colour #rrggbb or the palette's next",
  operation: "plotlines.create",
  auth: "required",
  params: bookIdParams,
  body: { schema: createPlotlineInput },
  writableAttributes: Object.keys(createPlotlineInput.shape),
  success: { status: 201, description: "the plotline", schema: plotlineSchema },
  errors: ["name_taken", "book_in_trash", "gone"],
  run: createPlotline,
});

// PATCH /api/v1/books/{bookId}/plotlines/{plotlineId} — rename, recolour, move
export const updatePlotlineEndpoint = defineEndpoint({
  method: "PATCH",
  path: "/api/v1/books/{bookId}/plotlines/{plotlineId}",
  summary: "Rename, recolour or move a plotline (position: its new 1-based place; the others make room)",
  operation: "plotlines.update",
  auth: "required",
  params: plotlineParams,
  body: { schema: updatePlotlineInput, under: "changes" },
  writableAttributes: Object.keys(updatePlotlineInput.shape),
  success: { status: 201, description: "the plotline", schema: plotlineSchema },
  errors: ["name_taken", "book_in_trash", "gone"],
  run: updatePlotline,
});

// DELETE /api/v1/books/{bookId}/plotlines/{plotlineId}
export const deletePlotlineEndpoint = defineEndpoint({
  method: "DELETE",
  path: "/api/v1/books/{bookId}/plotlines/{plotlineId}",
  summary: "Delete a plotline: it leaves every plan that carried it; nothing else of the plan changes",
  operation: "plotlines.delete",
  auth: "required",
  params: plotlineParams,
  success: { status: 204, description: "deleted" },
  errors: ["book_in_trash", "gone"],
  run: deletePlotline,
});

// GET /api/v1/books/{bookId}/labels — the book's labels by name
export const listLabelsEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v1/books/{bookId}/labels",
  summary: "The book's labels, by name",
  operation: "labels.list",
  auth: "required",
  params: bookIdParams,
  success: { status: 200, description: "the labels", schema: z.array(labelSchema) },
  errors: ["book_in_trash", "gone"],
  run: listLabels,
});

// POST /api/v1/books/{bookId}/labels — a new label
export const createLabelEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/v1/books/{bookId}/labels",
  summary: "Add a label; its name is unique in the book (case folded: 409 name_taken), its colour #rrggbb or the palette's next",
  operation: "labels.create",
  auth: "required",
  params: bookIdParams,
  body: { schema: createLabelInput },
  writableAttributes: Object.keys(createLabelInput.shape),
  success: { status: 201, description: "the label", schema: labelSchema },
  errors: ["name_taken", "book_in_trash", "gone"],
  run: createLabel,
});

// PATCH /api/v1/books/{bookId}/labels/{labelId} — rename, recolour
export const updateLabelEndpoint = defineEndpoint({
  method: "PATCH",
  path: "/api/v1/books/{bookId}/labels/{labelId}",
  summary: "Rename or recolour a label",
  operation: "labels.update",
  auth: "required",
  params: labelParams,
  body: { schema: updateLabelInput, under: "changes" },
  writableAttributes: Object.keys(updateLabelInput.shape),
  success: { status: 201, description: "the label", schema: labelSchema },
  errors: ["name_taken", "book_in_trash", "gone"],
  run: updateLabel,
});

// DELETE /api/v1/books/{bookId}/labels/{labelId}
export const deleteLabelEndpoint = defineEndpoint({
  method: "DELETE",
  path: "/api/v1/books/{bookId}/labels/{labelId}",
  summary: "Delete a label: it leaves every plan that had it",
  operation: "labels.delete",
  auth: "required",
  params: labelParams,
  success: { status: 204, description: "deleted" },
  errors: ["book_in_trash", "gone"],
  run: deleteLabel,
});

// GET /api/v1/books/{bookId}/timeline — scenes (and chapters without scenes) in story order beside reading order
export const getTimelineEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v1/books/{bookId}/timeline",
  summary:
    "The book's scenes, and its chapters without scenes, in reading order, each with its place in story order (by story date or day, then time): calendar dates first, invented-calendar days in a lane of their own, items without a story date apart; an item told out of its time is marked flashback or flashForward",
  operation: "plan.timeline",
  auth: "required",
  params: bookIdParams,
  success: { status: 200, description: "the timeline", schema: timelineSchema },
  errors: ["book_in_trash", "gone"],
  run: getTimeline,
});
