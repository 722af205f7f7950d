import { z } from "zod";
import { bookIdParams } from "../../books/schemas";
import { createScene } from "../../scenes/create-scene";
import { deleteScene } from "../../scenes/delete-scene";
import { getScene, listChapterScenes, listScenes } from "../../scenes/list-scenes";
import { moveScene } from "../../scenes/move-scene";
import { reorderScenes } from "../../scenes/reorder-scenes";
import { chapterScenesParams, createSceneInput, deleteSceneQuery, moveSceneInput, reorderScenesInput, sceneParams, sceneSchema, updateSceneInput } from "../../scenes/schemas";
import { splitBook, splitChapter } from "../../scenes/split-scenes";
import { updateScene } from "../../scenes/update-scene";
import { defineEndpoint } from "../endpoint";

// Scenes of a chapter, issue 35 item 1 (decision 0499).
const CHAPTER_SCENES = "/api/v1/books/{bookId}/chapters/{chapterId}/scenes";
const SCENE = "/api/v1/books/{bookId}/scenes/{sceneId}";

// GET /api/v1/books/{bookId}/scenes — every scene of the book, in reading order, with its words
export const listScenesEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v1/books/{bookId}/scenes",
  summary: "List the book's scenes in reading order, each with its words and its stretch of its chapter's text; chapters not split into scenes list none",
  operation: "scenes.list",
  auth: "required",
  params: bookIdParams,
  success: { status: 200, description: "the scenes in reading order", schema: z.array(sceneSchema) },
  errors: ["book_in_trash", "gone"],
  run: listScenes,
});

// POST /api/v1/books/{bookId}/scenes/split — every chapter with scene breaks and no scenes is split
export const splitBookEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/v1/books/{bookId}/scenes/split",
  summary: "Split every chapter that has scene-break lines and no scenes yet into scenes at its breaks (an imported manuscript); the text is not changed",
  operation: "scenes.split",
  auth: "required",
  params: bookIdParams,
  success: { status: 201, description: "the book's scenes", schema: z.array(sceneSchema) },
  errors: ["book_in_trash", "gone"],
  run: splitBook,
});

// GET /api/v1/books/{bookId}/chapters/{chapterId}/scenes — one chapter's scenes
export const listChapterScenesEndpoint = defineEndpoint({
  method: "GET",
  path: CHAPTER_SCENES,
  summary: "List a chapter's scenes in order, with their words; a chapter not split into scenes lists none",
  operation: "scenes.list",
  auth: "required",
  params: chapterScenesParams,
  success: { status: 200, description: "the chapter's scenes", schema: z.array(sceneSchema) },
  errors: ["book_in_trash", "chapter_in_trash", "gone"],
  run: listChapterScenes,
});

// POST /api/v1/books/{bookId}/chapters/{chapterId}/scenes/split — the chapter's breaks become scenes
export const splitChapterEndpoint = defineEndpoint({
  method: "POST",
  path: `${CHAPTER_SCENES}/split`,
  summary: "Split a chapter into scenes at its scene-break lines (one scene when it has none); the text is not changed. A chapter already split keeps its scenes",
  operation: "scenes.split",
  auth: "required",
  params: chapterScenesParams,
  success: { status: 201, description: "the chapter's scenes", schema: z.array(sceneSchema) },
  errors: ["book_in_trash", "chapter_in_trash", "gone"],
  run: splitChapter,
});

// POST /api/v1/books/{bookId}/chapters/{chapterId}/scenes — a new scene
export const createSceneEndpoint = defineEndpoint({
  method: "POST",
  path: CHAPTER_SCENES,
  summary: "Add a scene: a scene break at the start of the line holding `at` (the rest of that scene becomes the new one), or an empty scene at the end; a text change made against the chapter's version (stale: 409)",
  operation: "scenes.create",
  auth: "required",
  params: chapterScenesParams,
  body: { schema: createSceneInput },
  writableAttributes: Object.keys(createSceneInput.shape),
  success: { status: 201, description: "the new scene", schema: sceneSchema },
  errors: ["version_conflict", "book_in_trash", "chapter_in_trash", "gone"],
  run: createScene,
});

// PUT /api/v1/books/{bookId}/chapters/{chapterId}/scene-order — the chapter's scenes in a new order
export const reorderScenesEndpoint = defineEndpoint({
  method: "PUT",
  path: "/api/v1/books/{bookId}/chapters/{chapterId}/scene-order",
  summary: "Reorder a chapter's scenes: name every one once, with the chapter's version (stale: 409); the text is rewritten in that order (a revision)",
  operation: "scenes.reorder",
  auth: "required",
  params: chapterScenesParams,
  body: { schema: reorderScenesInput },
  success: { status: 201, description: "the chapter's scenes in their new order", schema: z.array(sceneSchema) },
  errors: ["version_conflict", "book_in_trash", "chapter_in_trash", "gone"],
  run: reorderScenes,
});

// GET /api/v1/books/{bookId}/scenes/{sceneId} — one scene
export const getSceneEndpoint = defineEndpoint({
  method: "GET",
  path: SCENE,
  summary: "Read one scene, with its words and its stretch of its chapter's text",
  operation: "scenes.get",
  auth: "required",
  params: sceneParams,
  success: { status: 200, description: "the scene", schema: sceneSchema },
  errors: ["book_in_trash", "gone"],
  run: getScene,
});

// PATCH /api/v1/books/{bookId}/scenes/{sceneId} — rename a scene
export const updateSceneEndpoint = defineEndpoint({
  method: "PATCH",
  path: SCENE,
  summary: "Rename a scene (\"\" reads as Scene N); the text is not changed",
  operation: "scenes.update",
  auth: "required",
  params: sceneParams,
  body: { schema: updateSceneInput },
  writableAttributes: Object.keys(updateSceneInput.shape),
  success: { status: 201, description: "the scene, renamed", schema: sceneSchema },
  errors: ["book_in_trash", "chapter_in_trash", "gone"],
  run: updateScene,
});

// DELETE /api/v1/books/{bookId}/scenes/{sceneId} — a scene and its text
export const deleteSceneEndpoint = defineEndpoint({
  method: "DELETE",
  path: SCENE,
  summary: "Delete a scene and its text: its chapter is rewritten without it (a revision History can restore), made against ?version= when named (stale: 409)",
  operation: "scenes.delete",
  auth: "required",
  params: sceneParams,
  query: deleteSceneQuery,
  success: { status: 204, description: "deleted" },
  errors: ["version_conflict", "book_in_trash", "chapter_in_trash", "gone"],
  run: deleteScene,
});

// POST /api/v1/books/{bookId}/scenes/{sceneId}/move — a scene, with its text, to another chapter
export const moveSceneEndpoint = defineEndpoint({
  method: "POST",
  path: `${SCENE}/move`,
  summary: "Move a scene with its text to another chapter of the book, keeping its id: both chapters are rewritten (a revision each, one transaction), each against the version named (stale: 409); a chapter in the trash is 404",
  operation: "scenes.move",
  auth: "required",
  params: sceneParams,
  body: { schema: moveSceneInput },
  writableAttributes: Object.keys(moveSceneInput.shape),
  success: { status: 201, description: "the scene in its new chapter", schema: sceneSchema },
  errors: ["version_conflict", "book_in_trash", "chapter_in_trash", "gone"],
  run: moveScene,
});
