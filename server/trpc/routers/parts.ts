import {
  createPartEndpoint,
  deletePartEndpoint,
  getContentsEndpoint,
  getPartEndpoint,
  listPartsEndpoint,
  reorderContentsEndpoint,
  updatePartEndpoint,
} from "../../http/endpoints/parts";
import { router } from "../init";
import { procedureOf } from "../procedure-of";

// Parts (卷) of a book, derived from REST's declarations (decision 0463).
export const partsRouter = router({
  list: procedureOf(listPartsEndpoint),
  get: procedureOf(getPartEndpoint),
  create: procedureOf(createPartEndpoint),
  update: procedureOf(updatePartEndpoint),
  delete: procedureOf(deletePartEndpoint, "deleted"),
  contents: procedureOf(getContentsEndpoint),
  reorder: procedureOf(reorderContentsEndpoint),
});
