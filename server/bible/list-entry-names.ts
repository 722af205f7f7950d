import type { Principal } from "../auth/principal";
import type { z } from "zod";
import type { entryNameSchema } from "./schemas";
import { AppError } from "../errors";

export async function listEntryNames(input: { bookId: string }, principal: Principal): Promise<z.infer<typeof entryNameSchema>[]> {
  void input;
  void principal;
  throw new AppError("internal", "not built yet");
}
