import { z } from "zod";
import { MEMBER_ROLES } from "../auth/book-roles";
import { emailSchema } from "../auth/schemas";

export const MAX_INVITATION_DAYS = 30;
export const DEFAULT_INVITATION_DAYS = 7;

export const invitationParams = z.object({ bookId: z.string().min(1).max(64), invitationId: z.string().min(1).max(64) });

export const createInvitationInput = z
  .strictObject({
    role: z.enum(MEMBER_ROLES).describe("the role the invited person joins with"),
    email: emailSchema.optional().describe("whose invitation it is: only the account with this e-mail accepts it; left out, a link anyone holding it may use, once"),
    expiresInDays: z
      .number()
      .int()
      .min(1)
      .max(MAX_INVITATION_DAYS)
      .default(DEFAULT_INVITATION_DAYS)
      .describe(`how many days the invitation may be accepted in (1–${MAX_INVITATION_DAYS}, default ${DEFAULT_INVITATION_DAYS})`),
  })
  .meta({ id: "CreateInvitation" });

/** A secret as it comes in a link: 43 base64url characters (32 bytes); anything else matches nothing. */
export const invitationSecretSchema = z.string().min(1).max(200).describe("the secret in the invitation's link (/invite/<secret>), or the whole link");

export const acceptInvitationInput = z.strictObject({ secret: invitationSecretSchema }).meta({ id: "AcceptInvitation" });

export const invitationSchema = z
  .object({
    id: z.string(),
    bookId: z.string(),
    role: z.enum(MEMBER_ROLES),
    email: z.string().nullable().describe("whose invitation it is; null: a link anyone holding it may use"),
    invitedBy: z.object({ userId: z.string(), name: z.string() }),
    createdAt: z.iso.datetime(),
    expiresAt: z.iso.datetime(),
  })
  .meta({ id: "Invitation" });
export type InvitationDto = z.infer<typeof invitationSchema>;

export const invitationsSchema = z.array(invitationSchema);

export const createdInvitationSchema = invitationSchema
  .extend({
    secret: z.string().describe("the secret in the link: answered this once, only its hash is kept"),
    link: z.string().describe("the link to send: an absolute URL on INKSTONE_PUBLIC_URL when the operator set it, otherwise the path on this server (/invite/<secret>)"),
    emailed: z.boolean().describe("true: an e-mail with the link is on its way to `email` (sent from the outbox, retried until the SMTP server takes it)"),
    emailNotSent: z.string().nullable().describe("why no e-mail was sent (a link invitation; no SMTP server or public URL configured); null when emailed"),
  })
  .meta({ id: "CreatedInvitation" });
export type CreatedInvitationDto = z.infer<typeof createdInvitationSchema>;

export const acceptedInvitationSchema = z
  .object({
    bookId: z.string(),
    bookTitle: z.string(),
    role: z.enum(MEMBER_ROLES),
  })
  .meta({ id: "AcceptedInvitation" });
export type AcceptedInvitationDto = z.infer<typeof acceptedInvitationSchema>;
