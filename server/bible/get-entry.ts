import type { Principal } from "../auth/principal";
import type { EntryDto } from "./schemas";
import { AppError } from "../errors";

export async function getEntry(input: { bookId: string; entryId: string }, principal: Principal): Promise<EntryDto> {
  void input;
  void principal;
  throw new AppError("internal", "not built yet");
}
