import { bookIdParams } from "../../books/schemas";
import { acceptInvitation } from "../../members/accept-invitation";
import { createInvitation } from "../../members/create-invitation";
import {
  acceptedInvitationSchema,
  acceptInvitationInput,
  createdInvitationSchema,
  createInvitationInput,
  invitationParams,
  invitationsSchema,
} from "../../members/invitation-schemas";
import { listInvitations } from "../../members/list-invitations";
import { withdrawInvitation } from "../../members/withdraw-invitation";
import { defineEndpoint } from "../endpoint";

// GET /api/v1/books/{bookId}/invitations — the invitations still waiting
export const listInvitationsEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v1/books/{bookId}/invitations",
  summary: "The book's pending invitations, newest first: not accepted, withdrawn or expired (owner only)",
  operation: "invitations.list",
  auth: "required",
  params: bookIdParams,
  success: { status: 200, description: "the pending invitations", schema: invitationsSchema },
  errors: ["book_in_trash", "gone"],
  run: listInvitations,
});

// POST /api/v1/books/{bookId}/invitations — the owner invites, by e-mail or with a link
export const createInvitationEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/v1/books/{bookId}/invitations",
  summary:
    "Invite someone with a role (owner only): to one e-mail address, or, without one, a link anyone holding it may use once. The link's secret is answered this once; an e-mail invitation is mailed when the operator configured SMTP and a public URL (`emailed`)",
  operation: "invitations.create",
  auth: "required",
  params: bookIdParams,
  body: { schema: createInvitationInput },
  writableAttributes: Object.keys(createInvitationInput.shape),
  success: { status: 201, description: "the invitation, its secret and its link", schema: createdInvitationSchema },
  errors: ["already_member", "book_in_trash", "gone"],
  run: createInvitation,
});

// DELETE /api/v1/books/{bookId}/invitations/{invitationId} — the owner withdraws an invitation
export const withdrawInvitationEndpoint = defineEndpoint({
  method: "DELETE",
  path: "/api/v1/books/{bookId}/invitations/{invitationId}",
  summary: "Withdraw a pending invitation (owner only): its link is refused from now on with 410 invitation_gone",
  operation: "invitations.withdraw",
  auth: "required",
  params: invitationParams,
  success: { status: 204, description: "withdrawn" },
  errors: ["book_in_trash", "gone"],
  run: withdrawInvitation,
});

// POST /api/v1/invitations/accept — the invited person joins the book
export const acceptInvitationEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/v1/invitations/accept",
  summary:
    "Accept an invitation with its secret (or its whole link): the caller joins the book with its role, once. Accepted, withdrawn or expired: 410 invitation_gone; an e-mail invitation for another account: 403 invitation_not_yours; already on the book: 409 already_member, and the invitation stays unused",
  operation: "invitations.accept",
  auth: "required",
  body: { schema: acceptInvitationInput },
  writableAttributes: Object.keys(acceptInvitationInput.shape),
  success: { status: 201, description: "the book joined and the role", schema: acceptedInvitationSchema },
  errors: ["invitation_gone", "invitation_not_yours", "already_member"],
  run: acceptInvitation,
});
