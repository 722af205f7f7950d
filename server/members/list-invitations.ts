import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { loadBook } from "../books/access";
import { sql } from "../db";
import type { InvitationDto } from "./invitation-schemas";
import { invitationDto } from "./invitations";

// GET /api/v1/books/{bookId}/invitations — the invitations still waiting: not accepted, withdrawn or expired
export async function listInvitations(input: { bookId: string }, principal: Principal): Promise<InvitationDto[]> {
  authorize(principal, "invitations.list");
  const book = await loadBook(principal, input.bookId, "invitations.list");
  const rows = await sql
    .selectFrom("Invitation")
    .innerJoin("User", "User.id", "Invitation.invitedById")
    .select([
      "Invitation.id",
      "Invitation.bookId",
      "Invitation.role",
      "Invitation.email",
      "Invitation.createdAt",
      "Invitation.expiresAt",
      "User.id as inviterId",
      "User.name as inviterName",
    ])
    .where("Invitation.bookId", "=", book.id)
    .where("Invitation.acceptedAt", "is", null)
    .where("Invitation.withdrawnAt", "is", null)
    .where("Invitation.expiresAt", ">", new Date())
    .orderBy("Invitation.createdAt", "desc")
    .orderBy("Invitation.id")
    .execute();
  return rows.map(invitationDto);
}
