import { applyBeatPlan } from "../../beats/apply-beat-plan";
import { deleteBeatPlan } from "../../beats/delete-beat-plan";
import { getBeatPlan } from "../../beats/get-beat-plan";
import { moveBeat } from "../../beats/move-beat";
import { applyBeatPlanInput, beatParams, beatPlanSchema, moveBeatInput } from "../../beats/schemas";
import { bookIdParams } from "../../books/schemas";
import { defineEndpoint } from "../endpoint";

// A structure template applied as the book's plan, read against the structure analysis (issue 35 item 4, decision 0507).

// GET /api/v1/books/{bookId}/beat-plan — each beat where it is planned and where the text reaches it
export const getBeatPlanEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v1/books/{bookId}/beat-plan",
  summary:
    "The book's beat plan: each beat of the applied template with the chapter (or scene) it is planned on, and the chapter where the newest run of that template's analysis on the book places it (found), with how many chapters apart they are. 404 when no template has been applied",
  operation: "beats.get",
  auth: "required",
  params: bookIdParams,
  success: { status: 200, description: "the beat plan", schema: beatPlanSchema },
  errors: ["book_in_trash", "gone"],
  run: getBeatPlan,
});

// PUT /api/v1/books/{bookId}/beat-plan — apply a structure template as the plan
export const applyBeatPlanEndpoint = defineEndpoint({
  method: "PUT",
  path: "/api/v1/books/{bookId}/beat-plan",
  summary:
    "Apply a structure template (its id, or a built-in's slug) as the book's beat plan, replacing the one it had: each beat placed on the chapter at the template's share of the book, by planned target words when every chapter has one, else by chapter order. Unknown template: 404; one without a beat sheet, or a book without chapters: 422",
  operation: "beats.applyTemplate",
  auth: "required",
  params: bookIdParams,
  body: { schema: applyBeatPlanInput },
  writableAttributes: Object.keys(applyBeatPlanInput.shape),
  success: { status: 201, description: "the beat plan", schema: beatPlanSchema },
  errors: ["book_in_trash", "gone"],
  run: applyBeatPlan,
});

// PATCH /api/v1/books/{bookId}/beat-plan/beats/{beatId} — move a beat to another chapter or onto a scene
export const moveBeatEndpoint = defineEndpoint({
  method: "PATCH",
  path: "/api/v1/books/{bookId}/beat-plan/beats/{beatId}",
  summary: "Move a beat to another chapter (chapterId) or onto a scene (sceneId); another book's chapter or scene, or one in the trash: 422. Answers the whole plan",
  operation: "beats.move",
  auth: "required",
  params: beatParams,
  body: { schema: moveBeatInput, under: "place" },
  writableAttributes: ["chapterId", "sceneId"],
  success: { status: 201, description: "the beat plan", schema: beatPlanSchema },
  errors: ["book_in_trash", "gone"],
  run: moveBeat,
});

// DELETE /api/v1/books/{bookId}/beat-plan
export const deleteBeatPlanEndpoint = defineEndpoint({
  method: "DELETE",
  path: "/api/v1/books/{bookId}/beat-plan",
  summary: "Delete the book's beat plan (its analyses stay)",
  operation: "beats.delete",
  auth: "required",
  params: bookIdParams,
  success: { status: 204, description: "deleted" },
  errors: ["book_in_trash", "gone"],
  run: deleteBeatPlan,
});
