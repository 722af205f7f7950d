import type { Principal } from "../auth/principal";
import type { z } from "zod";
import type { createSeriesInput, SeriesDto } from "./schemas";
import { AppError } from "../errors";

export async function createSeries(input: z.output<typeof createSeriesInput>, principal: Principal): Promise<SeriesDto> {
  void input;
  void principal;
  throw new AppError("internal", "not built yet");
}
