import type { Principal } from "../auth/principal";
import type { z } from "zod";
import type { EntryMentionsDto, mentionsQuery } from "./schemas";
import { AppError } from "../errors";

export async function getEntryMentions(input: { bookId: string; entryId: string } & z.output<typeof mentionsQuery>, principal: Principal): Promise<EntryMentionsDto> {
  void input;
  void principal;
  throw new AppError("internal", "not built yet");
}
