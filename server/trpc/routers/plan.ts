import {
  createLabelEndpoint,
  createPlotlineEndpoint,
  deleteLabelEndpoint,
  deletePlotlineEndpoint,
  getOutlineEndpoint,
  getTimelineEndpoint,
  listLabelsEndpoint,
  listPlotlinesEndpoint,
  updateLabelEndpoint,
  updatePlanEndpoint,
  updatePlotlineEndpoint,
} from "../../http/endpoints/plan";
import { router } from "../init";
import { procedureOf } from "../procedure-of";

// The plan (issue 35 item 2, decision 0500), derived from REST's declarations (decision 0463).
export const planRouter = router({
  outline: procedureOf(getOutlineEndpoint),
  update: procedureOf(updatePlanEndpoint),
  timeline: procedureOf(getTimelineEndpoint),
});

export const plotlinesRouter = router({
  list: procedureOf(listPlotlinesEndpoint),
  create: procedureOf(createPlotlineEndpoint),
  update: procedureOf(updatePlotlineEndpoint),
  delete: procedureOf(deletePlotlineEndpoint, "deleted"),
});

export const labelsRouter = router({
  list: procedureOf(listLabelsEndpoint),
  create: procedureOf(createLabelEndpoint),
  update: procedureOf(updateLabelEndpoint),
  delete: procedureOf(deleteLabelEndpoint, "deleted"),
});
