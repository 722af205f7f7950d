import type { Principal } from "../auth/principal";
import type { RelationDto } from "./schemas";
import { AppError } from "../errors";

export async function listRelations(input: { bookId: string }, principal: Principal): Promise<RelationDto[]> {
  void input;
  void principal;
  throw new AppError("internal", "not built yet");
}
