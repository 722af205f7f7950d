import { Option, type Command } from "commander";
import { MEMBER_ROLES, type MemberRole } from "../../server/auth/book-roles";
import {
  acceptedInvitationSchema,
  acceptInvitationInput,
  createdInvitationSchema,
  createInvitationInput,
  invitationsSchema,
  MAX_INVITATION_DAYS,
  type InvitationDto,
} from "../../server/members/invitation-schemas";
import { serverUrl } from "../config";
import { context } from "../context";
import { checkInput, CliError } from "../errors";
import { printResult, printRows } from "../output";

const invitationsPath = (bookId: string) => `/api/v1/books/${encodeURIComponent(bookId)}/invitations`;

/** A whole number of days from 1 to 30, or a clear refusal before anything is sent. */
function days(value: string): number {
  const n = Number(value);
  if (!/^\d{1,2}$/.test(value) || n < 1 || n > MAX_INVITATION_DAYS) throw new CliError(`--days must be a whole number from 1 to ${MAX_INVITATION_DAYS}`);
  return n;
}

export function registerShare(program: Command): void {
  const share = program.command("share").description("invitations to a book: the owner invites by e-mail or with a link; the invited person accepts");

  share
    .command("invite <bookId>")
    .description("invite someone with a role (owner only) and print the link to send: shown only now")
    .addOption(new Option("--role <role>", "co_author writes; editor and viewer read; beta_reader reads released chapters").choices(MEMBER_ROLES).makeOptionMandatory())
    .option("--email <email>", "only the account with this e-mail may accept it (and the server mails it when it can)")
    .option("--days <n>", `days it may be accepted in, 1–${MAX_INVITATION_DAYS}`, "7")
    .action(async (bookId: string, options: { role: string; email?: string; days: string }, command: Command) => {
      const { client, json, profile } = context(command);
      const body = checkInput(createInvitationInput, {
        role: options.role as MemberRole,
        expiresInDays: days(options.days),
        ...(options.email !== undefined && { email: options.email }),
      });
      const created = await client.data("POST", invitationsPath(bookId), { json: body }, createdInvitationSchema);
      // Without a public URL configured the server answers its path: the link is on the server the CLI talks to.
      const link = created.link.startsWith("/") ? `${serverUrl(profile)}${created.link}` : created.link;
      const mailed = created.emailed ? `An e-mail with the link is on its way to ${created.email}.` : `No e-mail was sent (${created.emailNotSent}): send the link yourself.`;
      printResult(json, { ...created, link }, `${link}\n${mailed} It is shown only now; it expires ${created.expiresAt}.`);
    });

  share
    .command("list <bookId>", { isDefault: true })
    .description("the book's pending invitations (owner only)")
    .action(async (bookId: string, _options: unknown, command: Command) => {
      const { client, json } = context(command);
      const list = await client.data("GET", invitationsPath(bookId), {}, invitationsSchema);
      printRows<InvitationDto>(json, list, [
        { heading: "id", value: (i) => i.id },
        { heading: "for", value: (i) => i.email ?? "(link)" },
        { heading: "role", value: (i) => i.role },
        { heading: "expires", value: (i) => i.expiresAt },
      ]);
    });

  share
    .command("withdraw <bookId> <invitationId>")
    .description("withdraw a pending invitation (owner only): its link stops working")
    .action(async (bookId: string, invitationId: string, _options: unknown, command: Command) => {
      const { client, json } = context(command);
      await client.data("DELETE", `${invitationsPath(bookId)}/${encodeURIComponent(invitationId)}`);
      printResult(json, { bookId, invitationId, withdrawn: true }, "Withdrawn.");
    });

  share
    .command("accept <link>")
    .description("accept an invitation with its link (or its secret): you join the book with its role")
    .action(async (link: string, _options: unknown, command: Command) => {
      const { client, json } = context(command);
      const body = checkInput(acceptInvitationInput, { secret: link });
      const accepted = await client.data("POST", "/api/v1/invitations/accept", { json: body }, acceptedInvitationSchema);
      printResult(json, accepted, `You joined “${accepted.bookTitle}” (${accepted.bookId}) as ${accepted.role}.`);
    });
}
