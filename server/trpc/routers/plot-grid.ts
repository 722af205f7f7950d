import { getPlotGridEndpoint, setPlotCellEndpoint } from "../../http/endpoints/plot-grid";
import { router } from "../init";
import { procedureOf } from "../procedure-of";

// The plot grid (issue 35 item 3, decision 0506), derived from REST's declarations (decision 0463).
export const plotGridRouter = router({
  get: procedureOf(getPlotGridEndpoint),
  setCell: procedureOf(setPlotCellEndpoint),
});
