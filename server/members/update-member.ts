import type { MemberRole } from "../auth/book-roles";
import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { loadBook } from "../books/access";
import { sql } from "../db";
import { AppError } from "../errors";
import { memberDto, refuseOwner } from "./members";
import type { MemberDto } from "./schemas";

// PATCH /api/v1/books/{bookId}/members/{userId} — the owner changes a member's role
export async function updateMember(input: { bookId: string; userId: string; role: MemberRole }, principal: Principal): Promise<MemberDto> {
  authorize(principal, "members.update");
  const book = await loadBook(principal, input.bookId, "members.update");
  refuseOwner(book, input.userId, "changed");
  const member = await sql
    .updateTable("BookMember")
    .set({ role: input.role })
    .where("bookId", "=", book.id)
    .where("userId", "=", input.userId)
    .returning(["userId", "createdAt"])
    .executeTakeFirst();
  if (!member) throw new AppError("not_found", "This book has no member with this id.");
  const user = await sql.selectFrom("User").select(["id", "email", "name"]).where("id", "=", member.userId).executeTakeFirstOrThrow();
  return memberDto(user, input.role, member.createdAt);
}
