import { applyBeatPlanEndpoint, deleteBeatPlanEndpoint, getBeatPlanEndpoint, moveBeatEndpoint } from "../../http/endpoints/beats";
import { router } from "../init";
import { procedureOf } from "../procedure-of";

// Beat plans (issue 35 item 4, decision 0507), derived from REST's declarations (decision 0463).
export const beatsRouter = router({
  get: procedureOf(getBeatPlanEndpoint),
  applyTemplate: procedureOf(applyBeatPlanEndpoint),
  move: procedureOf(moveBeatEndpoint),
  delete: procedureOf(deleteBeatPlanEndpoint, "deleted"),
});
