import type { MemberRole } from "../auth/book-roles";
import { sql } from "../db";
import { invitationBySecret, invitationEnd, type InvitationEnd } from "./invitations";

/** What the invitation page (/invite/<secret>) shows anyone holding the link, signed in or not. */
export type InvitationPreview =
  | { state: "unknown" }
  | { state: "pending" | InvitationEnd; bookTitle: string; role: MemberRole; inviterName: string; email: string | null; expiresAt: Date };

/**
 * The page's view of an invitation: the link is the credential, so whoever holds it sees the book's
 * title, the role, who invited them and (an e-mail invitation) for whom. An ended invitation says
 * why and shows nothing more of the book.
 */
export async function previewInvitation(secret: string): Promise<InvitationPreview> {
  const invitation = await invitationBySecret(sql, secret).executeTakeFirst();
  if (!invitation) return { state: "unknown" };
  const ended = invitationEnd(invitation);
  return {
    state: ended ?? "pending",
    bookTitle: ended ? "" : invitation.bookTitle,
    role: invitation.role as MemberRole,
    inviterName: invitation.inviterName,
    email: invitation.email,
    expiresAt: invitation.expiresAt,
  };
}
