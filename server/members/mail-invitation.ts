import { sql } from "../db";
import { env } from "../env";
import { log } from "../log.mjs";
import { mailUnavailable, sendMail } from "../mail/send-mail";
import { translations } from "../mail/translations";
import { mailLocale } from "../users/mail-locale";
import { hashInvitationSecret, invitationEnd, invitationLink, invitationRows, invitationSecretOf } from "./invitations";

/** The outbox topic whose rows send an invitation's e-mail (server/outbox/topics.ts). */
export const INVITATION_EMAIL_TOPIC = "invitation-email";

/**
 * Sends an e-mail invitation's message, from the outbox row its creation wrote. Safe to run again
 * (a crash after sending sends it twice, never zero times); an invitation no longer pending, or a
 * server no longer configured to mail, sends nothing. It speaks the invited person's language when
 * they have an account that chose one, else the inviter's (decision 0509).
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
  const book = await sql.selectFrom("Book").select("language").where("id", "=", invitation.bookId).executeTakeFirst();
  const locale = await mailLocale({ recipientEmail: invitation.email, causedById: invitation.inviterId, bookLanguage: book?.language });
  const { formatterFor, translatorFor } = await translations();
  const t = translatorFor(locale, "mail");
  const role = isRole(invitation.role) ? t(`roles.${invitation.role}`) : invitation.role;
  const words = { inviter: invitation.inviterName, book: invitation.bookTitle };
  // The recipient's time zone is not known: the date is UTC's, and says so.
  const until = locale === "en" ? invitation.expiresAt.toUTCString() : formatterFor(locale).dateTime(invitation.expiresAt, { dateStyle: "full", timeStyle: "short", timeZone: "UTC" });
  await sendMail({
    to: invitation.email,
    subject: t("invitation.subject", words),
    text: [
      t("invitation.invites", { ...words, role }),
      "",
      t("invitation.open"),
      invitationLink(secret),
      "",
      t("invitation.terms", { email: invitation.email, date: until }),
      t("invitation.unexpected"),
      "",
    ].join("\n"),
  });
}

const ROLES = ["co_author", "editor", "beta_reader", "viewer"] as const;
const isRole = (role: string): role is (typeof ROLES)[number] => (ROLES as readonly string[]).includes(role);
