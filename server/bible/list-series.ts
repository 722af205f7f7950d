import type { Principal } from "../auth/principal";
import type { OptionsOf, Page } from "../collections";
import { AppError } from "../errors";
import type { SeriesDto, seriesCollection } from "./schemas";

export async function listSeries(options: OptionsOf<typeof seriesCollection>, principal: Principal): Promise<Page<SeriesDto>> {
  void [options, principal];
  throw new AppError("internal", "not built yet");
}
