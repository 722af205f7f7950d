import type { Principal } from "../auth/principal";
import type { OptionsOf, Page } from "../collections";
import { AppError } from "../errors";
import type { entriesCollection, EntryDto } from "./schemas";

export async function listEntries(input: { bookId: string }, options: OptionsOf<typeof entriesCollection>, principal: Principal): Promise<Page<EntryDto>> {
  void [input, options, principal];
  throw new AppError("internal", "not built yet");
}
