import { z } from "zod";
import { storedText } from "../text/stored-text";

// Scenes of a chapter, issue 35 item 1 (decision 0499).

const id = z.string().min(1).max(64);
export const sceneTitle = storedText().trim().max(200, "a scene's title can be at most 200 characters");
const chapterVersion = z.int().min(1).describe("the chapter's version the change was made against (from GET …/chapters/{chapterId}); a stale one is 409 and changes nothing");

export const sceneParams = z.object({ bookId: id, sceneId: id });
export const chapterScenesParams = z.object({ bookId: id, chapterId: id });

export const sceneSchema = z
  .object({
    id: z.string(),
    bookId: z.string(),
    chapterId: z.string(),
    position: z.int().describe("1-based place among its chapter's scenes"),
    title: z.string().describe('the writer\'s name for it; "" reads as "Scene N"'),
    wordCount: z.int().describe("its words, by the book's counting rule"),
    start: z.int().describe("where it begins in the chapter's text (UTF-16 offset): at its scene-break line, 0 for the first"),
    end: z.int().describe("where it ends: where the next one begins, or the end of the text"),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: "Scene" });
export type SceneDto = z.infer<typeof sceneSchema>;

export const createSceneInput = z
  .strictObject({
    version: chapterVersion,
    title: sceneTitle.optional(),
    at: z.int().min(0).optional().describe("a place in the chapter's text: the new scene begins at the start of its line and holds the rest of that scene; without it, an empty scene at the end"),
  })
  .meta({ id: "CreateScene" });
export const updateSceneInput = z.strictObject({ title: sceneTitle }).meta({ id: "UpdateScene" });
export const reorderScenesInput = z
  .strictObject({ version: chapterVersion, sceneIds: z.array(id).min(1).max(10_000).describe("every scene of the chapter once, in the new order") })
  .meta({ id: "SceneOrder" });
export const moveSceneInput = z
  .strictObject({
    version: chapterVersion.describe("the version of the chapter the scene is in now; stale: 409"),
    toChapterId: id.describe("a chapter of the same book, out of the trash"),
    toVersion: chapterVersion.describe("the version of the chapter it goes to; stale: 409"),
    position: z.int().min(1).optional().describe("its 1-based place among that chapter's scenes; without it, last"),
  })
  .meta({ id: "MoveScene" });
export const deleteSceneQuery = z.strictObject({ version: z.coerce.number().int().min(1).optional().describe("the chapter's version the delete was made against; stale: 409") });
