import type { Principal } from "../auth/principal";

import { AppError } from "../errors";

export async function deleteRelation(input: { bookId: string; relationId: string }, principal: Principal): Promise<void> {
  void input;
  void principal;
  throw new AppError("internal", "not built yet");
}
