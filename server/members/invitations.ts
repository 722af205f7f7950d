import { createHmac } from "node:crypto";
import type { MemberRole } from "../auth/book-roles";
import { hashRefreshToken } from "../auth/tokens";
import type { Kysely } from "kysely";
import type { DB } from "../generated/kysely/database";
import { env, secrets } from "../env";
import { AppError } from "../errors";
import type { InvitationDto } from "./invitation-schemas";

/**
 * Invitations to a book (issue 36 item 1, decision 0487). The secret in an invitation's link is
 * derived from the server's signing key and the invitation's id, and only its hash is stored: the
 * database alone never gives a link away, and the outbox can still put the link in the e-mail it
 * sends later without keeping the secret anywhere.
 */
export function invitationSecretOf(invitationId: string): string {
  return createHmac("sha256", secrets().jwtSecret).update(`inkstone invitation ${invitationId}`).digest("base64url");
}

/** The stored form of a secret: its SHA-256, as a refresh token's is stored. */
export const hashInvitationSecret = hashRefreshToken;

/** What the invited person opens: on INKSTONE_PUBLIC_URL when configured, otherwise this server's path. */
export function invitationLink(secret: string): string {
  return `${env.INKSTONE_PUBLIC_URL ?? ""}/invite/${secret}`;
}

/** The secret from what someone pasted: the secret itself or a whole link (…/invite/<secret>?…). */
export function secretFrom(given: string): string {
  const trimmed = given.trim();
  const at = trimmed.lastIndexOf("/invite/");
  const tail = at < 0 ? trimmed : trimmed.slice(at + "/invite/".length);
  const end = [tail.indexOf("?"), tail.indexOf("#"), tail.indexOf("/")].filter((i) => i >= 0);
  return end.length > 0 ? tail.slice(0, Math.min(...end)) : tail;
}

/** Why an invitation can no longer be accepted; null while it is pending. */
export type InvitationEnd = "accepted" | "withdrawn" | "expired" | "book_deleted";

export function invitationEnd(
  invitation: { acceptedAt: Date | null; withdrawnAt: Date | null; expiresAt: Date; bookDeletedAt: Date | null; bookPurgedAt: Date | null },
  now = new Date(),
): InvitationEnd | null {
  if (invitation.acceptedAt) return "accepted";
  if (invitation.withdrawnAt) return "withdrawn";
  if (invitation.bookDeletedAt || invitation.bookPurgedAt) return "book_deleted";
  if (invitation.expiresAt <= now) return "expired";
  return null;
}

/** Why an invitation can no longer be accepted, as the API and the invitation's page say it. */
export const INVITATION_ENDED: Record<InvitationEnd, string> = {
  accepted: "This invitation was already accepted: each one lets one person join. Ask the book's owner for a new one.",
  withdrawn: "This invitation was withdrawn by the book's owner.",
  expired: "This invitation has expired. Ask the book's owner for a new one.",
  book_deleted: "The book this invitation is to was deleted.",
};

/** 410 invitation_gone, saying why (`details.reason`). */
export function invitationGone(reason: InvitationEnd): AppError {
  return new AppError("invitation_gone", INVITATION_ENDED[reason], { reason });
}

/** Invitations with what the invited person is shown of the book and the inviter: the page, acceptance and the e-mail read these. */
export function invitationRows(db: Kysely<DB>) {
  return db
    .selectFrom("Invitation")
    .innerJoin("Book", "Book.id", "Invitation.bookId")
    .innerJoin("User", "User.id", "Invitation.invitedById")
    .select([
      "Invitation.id",
      "Invitation.bookId",
      "Invitation.role",
      "Invitation.email",
      "Invitation.secretHash",
      "Invitation.expiresAt",
      "Invitation.acceptedAt",
      "Invitation.withdrawnAt",
      "Invitation.createdAt",
      "Book.title as bookTitle",
      "Book.ownerId as bookOwnerId",
      "Book.deletedAt as bookDeletedAt",
      "Book.purgedAt as bookPurgedAt",
      "User.name as inviterName",
      "User.id as inviterId",
    ]);
}

/** An invitation found by its secret. */
export function invitationBySecret(db: Kysely<DB>, secret: string) {
  return invitationRows(db).where("Invitation.secretHash", "=", hashInvitationSecret(secretFrom(secret)));
}

/** Only the first letter of an address's name and its domain: enough to tell whose it is, no more. */
export function maskedEmail(email: string): string {
  const at = email.lastIndexOf("@");
  return at <= 0 ? "…" : `${email[0]}…${email.slice(at)}`;
}

export function invitationDto(row: {
  id: string;
  bookId: string;
  role: string;
  email: string | null;
  createdAt: Date;
  expiresAt: Date;
  inviterId: string;
  inviterName: string;
}): InvitationDto {
  return {
    id: row.id,
    bookId: row.bookId,
    role: row.role as MemberRole,
    email: row.email,
    invitedBy: { userId: row.inviterId, name: row.inviterName },
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}
