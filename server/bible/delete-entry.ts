import type { Principal } from "../auth/principal";

import { AppError } from "../errors";

export async function deleteEntry(input: { bookId: string; entryId: string }, principal: Principal): Promise<void> {
  void input;
  void principal;
  throw new AppError("internal", "not built yet");
}
