import { sql } from "../db";
import { AppError } from "../errors";
import type { BookRole } from "../auth/book-roles";
import type { MemberDto } from "./schemas";

/** The book's people: its owner first, then its members in the order they joined. */
export async function membersOf(book: { id: string; ownerId: string; createdAt: Date }): Promise<MemberDto[]> {
  const [owner, members] = await Promise.all([
    sql.selectFrom("User").select(["id", "email", "name"]).where("id", "=", book.ownerId).executeTakeFirstOrThrow(),
    sql
      .selectFrom("BookMember")
      .innerJoin("User", "User.id", "BookMember.userId")
      .select(["User.id", "User.email", "User.name", "BookMember.role", "BookMember.createdAt"])
      .where("BookMember.bookId", "=", book.id)
      .orderBy("BookMember.createdAt")
      .orderBy("User.email")
      .execute(),
  ]);
  return [
    memberDto(owner, "owner", book.createdAt),
    ...members.map((member) => memberDto(member, member.role as BookRole, member.createdAt)),
  ];
}

export function memberDto(user: { id: string; email: string; name: string }, role: BookRole, addedAt: Date): MemberDto {
  return { userId: user.id, email: user.email, name: user.name, role, addedAt: addedAt.toISOString() };
}

/** The owner is the book's ownerId, not a member: their role does not change and they are not removed. */
export function refuseOwner(book: { ownerId: string }, userId: string, doing: string): void {
  if (userId === book.ownerId) {
    throw new AppError("owner_not_member", `The owner's place cannot be ${doing}: a book always has its owner.`);
  }
}
