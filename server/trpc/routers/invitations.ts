import { acceptInvitationEndpoint, createInvitationEndpoint, listInvitationsEndpoint, withdrawInvitationEndpoint } from "../../http/endpoints/invitations";
import { router } from "../init";
import { procedureOf } from "../procedure-of";

export const invitationsRouter = router({
  list: procedureOf(listInvitationsEndpoint),
  create: procedureOf(createInvitationEndpoint),
  withdraw: procedureOf(withdrawInvitationEndpoint, "withdrawn"),
  accept: procedureOf(acceptInvitationEndpoint),
});
