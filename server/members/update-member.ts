import type { MemberRole } from "../auth/book-roles";
import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { loadBook, type LoadedBook } from "../books/access";
import { sql, transaction } from "../db";
import { AppError } from "../errors";
import { memberDto, refuseOwner } from "./members";
import type { MemberDto } from "./schemas";

// PATCH /api/v1/books/{bookId}/members/{userId} — the owner changes a member's role, or hands the
// book over: role "owner" makes the member its owner and the former owner a co-author.
export async function updateMember(input: { bookId: string; userId: string; role: MemberRole | "owner" }, principal: Principal): Promise<MemberDto> {
  authorize(principal, "members.update");
  const book = await loadBook(principal, input.bookId, "members.update");
  refuseOwner(book, input.userId, "changed");
  if (input.role === "owner") return handOver(book, input.userId);
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

/**
 * The member becomes the owner (so that a writer can leave, or pass a book on) and the former owner
 * stays on it as a co-author, who may be removed next. A series is its owner's, so the book leaves
 * the former owner's series; its own bible entries go with it. Checked and written in one
 * transaction, against the owner the book had when loaded: two hand-overs at once cannot both win.
 */
async function handOver(book: LoadedBook, userId: string): Promise<MemberDto> {
  const now = new Date();
  return transaction(async (trx) => {
    const member = await trx.deleteFrom("BookMember").where("bookId", "=", book.id).where("userId", "=", userId).executeTakeFirst();
    if (member.numDeletedRows === 0n) throw new AppError("not_found", "This book has no member with this id: add them first, then make them its owner.");
    const moved = await trx
      .updateTable("Book")
      .set({ ownerId: userId, seriesId: null, seriesPosition: null, updatedAt: now })
      .where("id", "=", book.id)
      .where("ownerId", "=", book.ownerId)
      .executeTakeFirst();
    if (moved.numUpdatedRows === 0n) throw new AppError("version_conflict", "The book changed hands meanwhile; reload its members.");
    await trx.insertInto("BookMember").values({ bookId: book.id, userId: book.ownerId, role: "co_author", createdAt: now }).execute();
    const user = await trx.selectFrom("User").select(["id", "email", "name"]).where("id", "=", userId).executeTakeFirstOrThrow();
    return memberDto(user, "owner", now);
  });
}
