import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { pageOf, pageWindow, type OptionsOf, type Page } from "../collections";
import { sql } from "../db";
import { countOf } from "../sql/count";
import type { SeriesDto, seriesCollection } from "./schemas";
import { seriesDtos } from "./series";

// GET /api/v1/series — the caller's series, each with its books
export async function listSeries(options: OptionsOf<typeof seriesCollection>, principal: Principal): Promise<Page<SeriesDto>> {
  authorize(principal, "series.list");
  const matching = sql.selectFrom("Series").where("ownerId", "=", principal.userId);
  const { offset, limit } = pageWindow(options);
  const rows = await matching.selectAll().orderBy(options.sortBy, options.order).orderBy("id").offset(offset).limit(limit).execute();
  return pageOf(options, await seriesDtos(rows), () => countOf(matching));
}
