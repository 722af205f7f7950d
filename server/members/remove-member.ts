import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { loadBook } from "../books/access";
import { sql } from "../db";
import { AppError } from "../errors";
import { refuseOwner } from "./members";

// DELETE /api/v1/books/{bookId}/members/{userId} — the owner removes a member. Every access reads
// the membership afresh, so their sessions, tokens and open tabs are refused at their next request.
export async function removeMember(input: { bookId: string; userId: string }, principal: Principal): Promise<void> {
  authorize(principal, "members.remove");
  const book = await loadBook(principal, input.bookId, "members.remove");
  refuseOwner(book, input.userId, "removed");
  const removed = await sql.deleteFrom("BookMember").where("bookId", "=", book.id).where("userId", "=", input.userId).executeTakeFirst();
  if (removed.numDeletedRows === 0n) throw new AppError("not_found", "This book has no member with this id.");
}
