import type { Principal } from "../auth/principal";
import type { z } from "zod";
import type { importEntriesInput, importResultSchema } from "./schemas";
import { AppError } from "../errors";

export async function importEntries(input: { bookId: string } & z.output<typeof importEntriesInput>, principal: Principal): Promise<z.infer<typeof importResultSchema>> {
  void input;
  void principal;
  throw new AppError("internal", "not built yet");
}
