import type { Principal } from "../auth/principal";
import type { ChecksDto } from "./schemas";
import { AppError } from "../errors";

export async function runChecks(input: { bookId: string; absence: number }, principal: Principal): Promise<ChecksDto> {
  void input;
  void principal;
  throw new AppError("internal", "not built yet");
}
