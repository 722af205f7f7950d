import type { z } from "zod";
import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { transaction } from "../db";
import type { patchSeriesInput, SeriesDto } from "./schemas";
import { loadSeries, seriesDto, setSeriesBooks } from "./series";

// PATCH /api/v1/series/{seriesId} — title, description, and/or the books in reading order
export async function updateSeries(input: { seriesId: string; changes: z.output<typeof patchSeriesInput> }, principal: Principal): Promise<SeriesDto> {
  authorize(principal, "series.update");
  const series = await loadSeries(principal, input.seriesId);
  const { bookIds, ...attributes } = input.changes;
  await transaction(async (trx) => {
    await trx.updateTable("Series").set({ ...attributes, updatedAt: new Date() }).where("id", "=", series.id).execute();
    if (bookIds) await setSeriesBooks(trx, series, bookIds);
  });
  return seriesDto(series.id);
}
