import { backMatterEndpoint, updateBackMatterEndpoint } from "../../http/endpoints/back-matter";
import { router } from "../init";
import { procedureOf } from "../procedure-of";

// The writer's back matter (decision 0495), derived from its REST declarations.
export const backMatterRouter = router({
  get: procedureOf(backMatterEndpoint),
  update: procedureOf(updateBackMatterEndpoint),
});
