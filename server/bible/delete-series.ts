import type { Principal } from "../auth/principal";

import { AppError } from "../errors";

export async function deleteSeries(input: { seriesId: string }, principal: Principal): Promise<void> {
  void input;
  void principal;
  throw new AppError("internal", "not built yet");
}
