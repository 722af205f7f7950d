import type { Principal } from "../auth/principal";
import type { EntryChanges, EntryDto } from "./schemas";
import { AppError } from "../errors";

export async function updateEntry(input: { bookId: string; entryId: string; changes: EntryChanges }, principal: Principal): Promise<EntryDto> {
  void input;
  void principal;
  throw new AppError("internal", "not built yet");
}
