import type { z } from "zod";
import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { sql, transaction } from "../db";
import { AppError } from "../errors";
import { countOf } from "../sql/count";
import { newId } from "../sql/values";
import { BIBLE_LIMITS, type createSeriesInput, type SeriesDto } from "./schemas";
import { seriesDto, setSeriesBooks } from "./series";

// POST /api/v1/series — a new series of the caller's, with its books in reading order
export async function createSeries(input: z.output<typeof createSeriesInput>, principal: Principal): Promise<SeriesDto> {
  authorize(principal, "series.create");
  if ((await countOf(sql.selectFrom("Series").where("ownerId", "=", principal.userId))) >= BIBLE_LIMITS.seriesPerWriter) {
    throw new AppError("bible_limit", `A writer can have at most ${BIBLE_LIMITS.seriesPerWriter} series.`, { limit: BIBLE_LIMITS.seriesPerWriter });
  }
  const id = newId();
  await transaction(async (trx) => {
    const now = new Date();
    await trx.insertInto("Series").values({ id, ownerId: principal.userId, title: input.title, description: input.description, createdAt: now, updatedAt: now }).execute();
    await setSeriesBooks(trx, { id, ownerId: principal.userId }, input.bookIds);
  });
  return seriesDto(id);
}
