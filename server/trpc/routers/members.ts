import { addMemberEndpoint, bookActivityEndpoint, listMembersEndpoint, removeMemberEndpoint, updateMemberEndpoint } from "../../http/endpoints/members";
import { router } from "../init";
import { procedureOf } from "../procedure-of";

export const membersRouter = router({
  list: procedureOf(listMembersEndpoint),
  add: procedureOf(addMemberEndpoint),
  update: procedureOf(updateMemberEndpoint),
  remove: procedureOf(removeMemberEndpoint, "removed"),
  activity: procedureOf(bookActivityEndpoint),
});
