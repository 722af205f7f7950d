import type { MemberRole } from "../auth/book-roles";
import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { transaction } from "../db";
import { AppError } from "../errors";
import type { AcceptedInvitationDto } from "./invitation-schemas";
import { invitationBySecret, invitationEnd, invitationGone, maskedEmail } from "./invitations";

// POST /api/v1/invitations/accept — the invited person joins the book with the invitation's role, once
export async function acceptInvitation(input: { secret: string }, principal: Principal): Promise<AcceptedInvitationDto> {
  authorize(principal, "invitations.accept");
  return transaction(async (trx) => {
    const invitation = await invitationBySecret(trx, input.secret).executeTakeFirst();
    if (!invitation) throw new AppError("not_found", "No invitation has this link: check that it was copied whole.");
    const now = new Date();
    const ended = invitationEnd(invitation, now);
    if (ended) throw invitationGone(ended);
    const user = await trx.selectFrom("User").select("email").where("id", "=", principal.userId).executeTakeFirstOrThrow();
    if (invitation.email !== null && invitation.email !== user.email) {
      throw new AppError(
        "invitation_not_yours",
        `This invitation is for ${maskedEmail(invitation.email)}, and you are signed in as ${user.email}: sign in with that account to accept it.`,
        { for: maskedEmail(invitation.email) },
      );
    }
    // Someone already on the book does not use the invitation up: it stays for the one it was meant for.
    const member = await trx.selectFrom("BookMember").select("role").where("bookId", "=", invitation.bookId).where("userId", "=", principal.userId).executeTakeFirst();
    if (member || invitation.bookOwnerId === principal.userId) {
      throw new AppError("already_member", `You are already on this book as its ${member ? member.role.replace("_", " ") : "owner"}; the invitation stays unused.`, {
        bookId: invitation.bookId,
      });
    }
    // Marked accepted only if still pending: of two acceptances at once, one wins.
    const taken = await trx
      .updateTable("Invitation")
      .set({ acceptedAt: now, acceptedById: principal.userId })
      .where("id", "=", invitation.id)
      .where("acceptedAt", "is", null)
      .where("withdrawnAt", "is", null)
      .executeTakeFirst();
    if (taken.numUpdatedRows === 0n) throw invitationGone("accepted");
    await trx.insertInto("BookMember").values({ bookId: invitation.bookId, userId: principal.userId, role: invitation.role, createdAt: now }).execute();
    return { bookId: invitation.bookId, bookTitle: invitation.bookTitle, role: invitation.role as MemberRole };
  });
}
