import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { loadBook } from "../books/access";
import { sql } from "../db";
import { AppError } from "../errors";
import { beatPlanOf } from "./beat-plan";
import type { BeatPlanDto } from "./schemas";

// GET /api/v1/books/{bookId}/beat-plan — each beat where it is planned and where the text turns
export async function getBeatPlan(input: { bookId: string }, principal: Principal): Promise<BeatPlanDto> {
  authorize(principal, "beats.get");
  const book = await loadBook(principal, input.bookId, "beats.get");
  const plan = await beatPlanOf(sql, book, principal);
  if (!plan) throw new AppError("not_found", "This book has no beat plan yet: apply a structure template to it first.", { apply: { method: "PUT", path: `/api/v1/books/${book.id}/beat-plan` } });
  return plan;
}
