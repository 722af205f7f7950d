import type { Principal } from "../auth/principal";
import type { z } from "zod";
import type { addCastMemberInput, EntryDto } from "./schemas";
import { AppError } from "../errors";

export async function addCastMember(input: { bookId: string } & z.output<typeof addCastMemberInput>, principal: Principal): Promise<EntryDto> {
  void input;
  void principal;
  throw new AppError("internal", "not built yet");
}
