import {
  createForeshadowingEndpoint,
  deleteForeshadowingEndpoint,
  getForeshadowingEndpoint,
  listForeshadowingsEndpoint,
  updateForeshadowingEndpoint,
} from "../../http/endpoints/foreshadowing";
import { router } from "../init";
import { procedureOf } from "../procedure-of";

// Foreshadowing (伏笔) of a book, derived from REST's declarations (decision 0463).
export const foreshadowingRouter = router({
  list: procedureOf(listForeshadowingsEndpoint),
  get: procedureOf(getForeshadowingEndpoint),
  create: procedureOf(createForeshadowingEndpoint),
  update: procedureOf(updateForeshadowingEndpoint),
  delete: procedureOf(deleteForeshadowingEndpoint, "deleted"),
});
