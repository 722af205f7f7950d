import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { loadBook } from "../books/access";
import { sql } from "../db";
import { AppError } from "../errors";

// DELETE /api/v1/books/{bookId}/invitations/{invitationId} — the owner withdraws a pending invitation.
// It is kept, marked withdrawn, so that its link says so instead of "no such invitation".
export async function withdrawInvitation(input: { bookId: string; invitationId: string }, principal: Principal): Promise<void> {
  authorize(principal, "invitations.withdraw");
  const book = await loadBook(principal, input.bookId, "invitations.withdraw");
  const withdrawn = await sql
    .updateTable("Invitation")
    .set({ withdrawnAt: new Date() })
    .where("id", "=", input.invitationId)
    .where("bookId", "=", book.id)
    .where("acceptedAt", "is", null)
    .where("withdrawnAt", "is", null)
    .where("expiresAt", ">", new Date())
    .executeTakeFirst();
  if (withdrawn.numUpdatedRows === 0n) throw new AppError("not_found", "This book has no pending invitation with this id (it may have been accepted, withdrawn or have expired).");
}
