import type { MemberRole } from "../auth/book-roles";
import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { loadBook } from "../books/access";
import { sql, transaction } from "../db";
import { env } from "../env";
import { AppError } from "../errors";
import { notify } from "../inbox/notify";
import { mailUnavailable } from "../mail/send-mail";
import { newId } from "../sql/values";
import { INVITATION_EMAIL_TOPIC } from "./mail-invitation";
import type { CreatedInvitationDto } from "./invitation-schemas";
import { hashInvitationSecret, invitationDto, invitationLink, invitationSecretOf } from "./invitations";

const DAY_MS = 24 * 60 * 60 * 1000;
/** E-mail invitations one account may have the server send a day: the server is nobody's mailing list. */
export const EMAIL_INVITATIONS_A_DAY = 50;

/** Why this invitation is not e-mailed; null when it is. */
function whyNotEmailed(email: string | undefined): string | null {
  if (!email) return "a link invitation: send the link yourself";
  const why = mailUnavailable();
  if (why) return why;
  // The link in an e-mail is made on the configured address, never on the request's Host.
  if (!env.INKSTONE_PUBLIC_URL) return "this server sends no links by e-mail: its operator has not set INKSTONE_PUBLIC_URL";
  return null;
}

// POST /api/v1/books/{bookId}/invitations — the owner invites someone, by e-mail or with a link
export async function createInvitation(
  input: { bookId: string; role: MemberRole; email?: string; expiresInDays: number },
  principal: Principal,
): Promise<CreatedInvitationDto> {
  authorize(principal, "invitations.create");
  const book = await loadBook(principal, input.bookId, "invitations.create");
  if (input.email) await refuseSomeoneOnTheBook(book, input.email);
  const notEmailed = whyNotEmailed(input.email);
  const now = new Date();
  const id = newId();
  const secret = invitationSecretOf(id);
  const row = {
    id,
    bookId: book.id,
    role: input.role,
    email: input.email ?? null,
    secretHash: hashInvitationSecret(secret),
    invitedById: principal.userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + input.expiresInDays * DAY_MS),
  };
  await transaction(async (trx) => {
    if (notEmailed === null) {
      const sentToday = await trx
        .selectFrom("Invitation")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("invitedById", "=", principal.userId)
        .where("email", "is not", null)
        .where("createdAt", ">", new Date(now.getTime() - DAY_MS))
        .executeTakeFirstOrThrow();
      if (Number(sentToday.count) >= EMAIL_INVITATIONS_A_DAY) {
        const message = `You have sent ${EMAIL_INVITATIONS_A_DAY} e-mail invitations in the last day: leave the e-mail out and send a link yourself, or wait.`;
        throw new AppError("validation_failed", message, [{ path: "email", message }]);
      }
    }
    await trx.insertInto("Invitation").values(row).execute();
    // Someone who already has an account finds it in their inbox as well, with its link.
    const invitee = input.email ? await trx.selectFrom("User").select("id").where("email", "=", input.email).executeTakeFirst() : undefined;
    if (invitee) await notify(trx, [{ userId: invitee.id, kind: "invitation", bookId: book.id, actorId: principal.userId, invitationId: id }], now);
    // In the invitation's transaction: an invitation acknowledged is an e-mail that will be sent,
    // whatever happens to this process next (the outbox retries it).
    if (notEmailed === null) await trx.insertInto("Outbox").values({ topic: INVITATION_EMAIL_TOPIC, subjectId: id, createdAt: now }).execute();
  });
  const inviter = await sql.selectFrom("User").select("name").where("id", "=", principal.userId).executeTakeFirstOrThrow();
  return {
    ...invitationDto({ ...row, inviterId: principal.userId, inviterName: inviter.name }),
    secret,
    link: invitationLink(secret),
    emailed: notEmailed === null,
    emailNotSent: notEmailed,
  };
}

/** An e-mail whose account is already on the book needs no invitation: 409 already_member. */
async function refuseSomeoneOnTheBook(book: { id: string; ownerId: string }, email: string): Promise<void> {
  const user = await sql.selectFrom("User").select("id").where("email", "=", email).executeTakeFirst();
  if (!user) return;
  const member = await sql.selectFrom("BookMember").select("role").where("bookId", "=", book.id).where("userId", "=", user.id).executeTakeFirst();
  if (user.id === book.ownerId || member) {
    throw new AppError("already_member", "The account with this e-mail is already on the book; change its role in the members instead.");
  }
}
