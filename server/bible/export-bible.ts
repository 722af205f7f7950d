import type { Principal } from "../auth/principal";

import { AppError } from "../errors";

export async function exportBibleMarkdown(input: { bookId: string }, principal: Principal): Promise<{ fileName: string; markdown: string }> {
  void input;
  void principal;
  throw new AppError("internal", "not built yet");
}
