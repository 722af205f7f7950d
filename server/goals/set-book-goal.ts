import type { z } from "zod";
import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { loadBook } from "../books/access";
import { sql } from "../db";
import { bookGoalOf } from "./get-book-goal";
import { invalidField, type BookGoal, type setBookGoalInput } from "./schemas";
import { loadWriter, todayFor } from "./writer";

// PATCH /api/v1/books/{bookId}/goal — set or clear the book's target and deadline
export async function setBookGoal(input: z.output<typeof setBookGoalInput> & { bookId: string }, principal: Principal): Promise<BookGoal> {
  authorize(principal, "goals.setBook");
  const book = await loadBook(principal, input.bookId, "goals.setBook");
  const { targetWordCount, deadline } = input;
  // Today is still a writing day; yesterday can no longer be met.
  if (deadline && deadline < todayFor(await loadWriter(principal.userId))) {
    throw invalidField("deadline", `${deadline} is in the past; a deadline is today or later`, "deadlinePassed");
  }
  const changes = { ...(targetWordCount !== undefined && { targetWordCount }), ...(deadline !== undefined && { deadline }) };
  if (Object.keys(changes).length > 0) {
    await sql.updateTable("Book").set({ ...changes, updatedAt: new Date() }).where("id", "=", book.id).execute();
  }
  const stored = await sql.selectFrom("Book").select(["id", "targetWordCount", "deadline", "wordCount"]).where("id", "=", book.id).executeTakeFirstOrThrow();
  return bookGoalOf(stored, principal.userId);
}
