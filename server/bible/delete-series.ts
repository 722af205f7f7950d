import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { sql } from "../db";
import { loadSeries } from "./series";

/**
 * DELETE /api/v1/series/{seriesId} — the series and its own entries (with their relations,
 * mentions and pictures) go; its books stay, each with its own entries, outside any series.
 */
export async function deleteSeries(input: { seriesId: string }, principal: Principal): Promise<void> {
  authorize(principal, "series.delete");
  const series = await loadSeries(principal, input.seriesId);
  await sql.deleteFrom("Series").where("id", "=", series.id).execute();
}
