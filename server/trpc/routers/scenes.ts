import {
  createSceneEndpoint,
  deleteSceneEndpoint,
  getSceneEndpoint,
  listChapterScenesEndpoint,
  listScenesEndpoint,
  moveSceneEndpoint,
  reorderScenesEndpoint,
  splitBookEndpoint,
  splitChapterEndpoint,
  updateSceneEndpoint,
} from "../../http/endpoints/scenes";
import { router } from "../init";
import { procedureOf } from "../procedure-of";

// Scenes of a chapter, derived from REST's declarations (decisions 0463, 0499).
export const scenesRouter = router({
  list: procedureOf(listScenesEndpoint),
  listOfChapter: procedureOf(listChapterScenesEndpoint),
  get: procedureOf(getSceneEndpoint),
  split: procedureOf(splitChapterEndpoint),
  splitBook: procedureOf(splitBookEndpoint),
  create: procedureOf(createSceneEndpoint),
  update: procedureOf(updateSceneEndpoint),
  reorder: procedureOf(reorderScenesEndpoint),
  move: procedureOf(moveSceneEndpoint),
  delete: procedureOf(deleteSceneEndpoint, "deleted"),
});
