import { listInboxEndpoint, markAllReadEndpoint, markNotificationEndpoint } from "../../http/endpoints/inbox";
import { router } from "../init";
import { listProcedureOf } from "../list-procedure";
import { procedureOf } from "../procedure-of";

export const inboxRouter = router({
  list: listProcedureOf(listInboxEndpoint),
  mark: procedureOf(markNotificationEndpoint),
  markAllRead: procedureOf(markAllReadEndpoint),
});
