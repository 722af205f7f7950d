import type { Principal } from "../auth/principal";
import type { CreateEntryInput, EntryDto } from "./schemas";
import { AppError } from "../errors";

export async function createEntry(input: { bookId: string } & CreateEntryInput, principal: Principal): Promise<EntryDto> {
  void input;
  void principal;
  throw new AppError("internal", "not built yet");
}
