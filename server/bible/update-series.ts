import type { Principal } from "../auth/principal";
import type { z } from "zod";
import type { patchSeriesInput, SeriesDto } from "./schemas";
import { AppError } from "../errors";

export async function updateSeries(input: { seriesId: string; changes: z.output<typeof patchSeriesInput> }, principal: Principal): Promise<SeriesDto> {
  void input;
  void principal;
  throw new AppError("internal", "not built yet");
}
