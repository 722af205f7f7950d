import { sql } from "../db";
import { env } from "../env";
import { log } from "../log.mjs";
import { mailUnavailable, sendMail } from "../mail/send-mail";
import { hashInvitationSecret, invitationEnd, invitationLink, invitationRows, invitationSecretOf } from "./invitations";

/** The outbox topic whose rows send an invitation's e-mail (server/outbox/topics.ts). */
export const INVITATION_EMAIL_TOPIC = "invitation-email";

const ROLE_NAMES: Record<string, string> = { co_author: "co-author", editor: "editor", beta_reader: "beta reader", viewer: "viewer" };

/**
 * Sends an e-mail invitation's message, from the outbox row its creation wrote. Safe to run again
 * (a crash after sending sends it twice, never zero times); an invitation no longer pending, or a
 * server no longer configured to mail, sends nothing.
 */
export async function mailInvitation(invitationId: string): Promise<void> {
  const invitation = await invitationRows(sql).where("Invitation.id", "=", invitationId).executeTakeFirst();
  if (!invitation?.email || invitationEnd(invitation) !== null) return;
  if (mailUnavailable() || !env.INKSTONE_PUBLIC_URL) {
    log.warn({ invitationId }, "invitation e-mail not sent: the server is no longer configured to send e-mail");
    return;
  }
  const secret = invitationSecretOf(invitationId);
  if (hashInvitationSecret(secret) !== invitation.secretHash) {
    // The signing key changed since the invitation was made: the link it would send opens nothing.
    log.warn({ invitationId }, "invitation e-mail not sent: the server's signing key changed since it was made");
    return;
  }
  const role = ROLE_NAMES[invitation.role] ?? invitation.role;
  await sendMail({
    to: invitation.email,
    subject: `${invitation.inviterName} invites you to “${invitation.bookTitle}” on Inkstone`,
    text: [
      `${invitation.inviterName} invites you to work on “${invitation.bookTitle}” as its ${role}.`,
      "",
      "Open this link to accept (you can create an account on the way):",
      invitationLink(secret),
      "",
      `The invitation is for ${invitation.email} and can be accepted until ${invitation.expiresAt.toUTCString()}.`,
      "If you did not expect it, ignore this message.",
      "",
    ].join("\n"),
  });
}
