import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import type { SeriesDto } from "./schemas";
import { loadSeries, seriesDto } from "./series";

// GET /api/v1/series/{seriesId}
export async function getSeries(input: { seriesId: string }, principal: Principal): Promise<SeriesDto> {
  authorize(principal, "series.get");
  const series = await loadSeries(principal, input.seriesId);
  return seriesDto(series.id);
}
