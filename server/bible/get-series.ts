import type { Principal } from "../auth/principal";
import type { SeriesDto } from "./schemas";
import { AppError } from "../errors";

export async function getSeries(input: { seriesId: string }, principal: Principal): Promise<SeriesDto> {
  void input;
  void principal;
  throw new AppError("internal", "not built yet");
}
