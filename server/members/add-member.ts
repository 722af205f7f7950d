import type { MemberRole } from "../auth/book-roles";
import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { loadBook } from "../books/access";
import { sql } from "../db";
import { AppError, refusedField } from "../errors";
import { memberDto } from "./members";
import type { MemberDto } from "./schemas";

// POST /api/v1/books/{bookId}/members — the owner adds an existing account, with a role
export async function addMember(input: { bookId: string; email: string; role: MemberRole }, principal: Principal): Promise<MemberDto> {
  authorize(principal, "members.add");
  const book = await loadBook(principal, input.bookId, "members.add");
  const user = await sql.selectFrom("User").select(["id", "email", "name"]).where("email", "=", input.email).executeTakeFirst();
  if (!user) {
    const message = "No account has this e-mail: ask them to sign up first.";
    throw new AppError("validation_failed", message, [refusedField("email", "noAccountWithEmail", message)]);
  }
  if (user.id === book.ownerId) throw new AppError("already_member", "This is the book's owner.");
  const addedAt = new Date();
  const added = await sql
    .insertInto("BookMember")
    .values({ bookId: book.id, userId: user.id, role: input.role, createdAt: addedAt })
    .onConflict((conflict) => conflict.columns(["bookId", "userId"]).doNothing())
    .returning("userId")
    .executeTakeFirst();
  if (!added) {
    throw new AppError("already_member", "This account is already a member of the book; change their role instead.", {
      change: { method: "PATCH", path: `/api/v1/books/${book.id}/members/${user.id}` },
    });
  }
  return memberDto(user, input.role, addedAt);
}
