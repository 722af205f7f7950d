import type { Principal } from "../auth/principal";
import { AppError } from "../errors";
import type { EntryDto } from "./schemas";

export async function deleteEntryPicture(input: { bookId: string; entryId: string }, principal: Principal): Promise<EntryDto> {
  void [input, principal];
  throw new AppError("internal", "not built yet");
}
